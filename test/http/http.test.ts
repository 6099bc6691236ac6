import { describe, expect, it } from 'vitest';
import { useApi } from '../support/api.ts';

const api = useApi();

const contact = { firstName: 'Grace', lastName: 'Hopper' };

describe('HTTP conventions', () => {
  it('answers 413 problem+json for a body over 1 MiB', async () => {
    const response = await api.request('POST', '/api/contacts', {
      body: { ...contact, notes: 'x'.repeat(1024 * 1024) },
    });

    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('answers 415 for a non-JSON content type and 400 for malformed JSON, never 500', async () => {
    const text = await api.request('POST', '/api/contacts', {
      rawBody: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    const none = await api.request('POST', '/api/contacts', { rawBody: JSON.stringify(contact) });
    const broken = await api.request('POST', '/api/contacts', {
      rawBody: '{"firstName": ',
      headers: { 'content-type': 'application/json' },
    });
    const empty = await api.request('POST', '/api/services', { headers: { 'content-type': 'application/json' } });
    const notAnObject = await api.request('POST', '/api/contacts', { body: ['Grace'] });

    expect(text.status).toBe(415);
    expect(none.status).toBe(415);
    expect(broken.status).toBe(400);
    expect(broken.body.type).toBe('https://studio.example/problems/malformed-json');
    expect(empty.status).toBe(400);
    expect(notAnObject.status).toBe(400);
  });

  // +json types promise semantics we do not implement (a merge-patch treated as a replace would do the wrong thing).
  it('answers 415 for a +json media type, which API Gateway delivers base64-encoded', async () => {
    const response = await api.request('POST', '/api/contacts', {
      rawBody: Buffer.from(JSON.stringify(contact)),
      headers: { 'content-type': 'application/vnd.studio+json' },
    });

    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('answers unknown routes and methods with 404 problem+json', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing'],
      ['PATCH', '/api/contacts'],
      ['GET', '/'],
    ] as const) {
      const response = await api.request(method, path);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ type: 'https://studio.example/problems/route-not-found', status: 404 });
    }
  });

  it('puts a request id, nosniff and no-store on every response, errors included', async () => {
    const responses = [
      await api.request('GET', '/api/contacts'),
      await api.request('GET', '/api/contacts/unknown'),
      await api.request('GET', '/api/nothing'),
      await api.request('POST', '/api/contacts', { body: {} }),
    ];

    for (const response of responses) {
      expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('reads If-Match lists and wildcards as RFC 9110 defines them', async () => {
    const created = await api.request('POST', '/api/contacts', { body: contact });
    const path = `/api/contacts/${created.body.id}`;

    const weak = await api.request('PUT', path, { body: contact, headers: { 'if-match': 'W/"1"' } });
    const list = await api.request('PUT', path, { body: contact, headers: { 'if-match': '"5", "1"' } });
    const wildcard = await api.request('PUT', path, { body: contact, headers: { 'if-match': '*' } });

    expect(weak.status).toBe(412);
    expect(list.status).toBe(200);
    expect(wildcard.headers.get('etag')).toBe('"3"');
  });
});
