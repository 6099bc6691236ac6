import { describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';

const api = useApi();

const createContact = async () => {
  const response = await api.request('POST', '/api/contacts', { body: { firstName: 'Ada', lastName: unique('Tag') } });
  expect(response.status).toBe(201);
  return response.body as { id: string; firstName: string; lastName: string; version: number };
};

describe('If-Match compares entity tags as text (RFC 9110 § 8.8.3.2, strong comparison)', () => {
  it.each(['"01"', '"1.0"', '"+1"', '" 1"', '"1 "', '"1e0"', '"0x1"'])(
    'answers 412 for %s on version 1 and changes nothing',
    async (tag) => {
      const contact = await createContact();

      const response = await api.request('PUT', `/api/contacts/${contact.id}`, {
        body: { firstName: 'Changed', lastName: contact.lastName },
        headers: { 'if-match': tag },
      });

      expect(response.status).toBe(412);
      const stored = await api.request('GET', `/api/contacts/${contact.id}`);
      expect(stored.body).toMatchObject({ firstName: 'Ada', version: 1 });
    },
  );

  it('takes the very tag the ETag header sent, alone or in a list', async () => {
    const contact = await createContact();
    const read = await api.request('GET', `/api/contacts/${contact.id}`);
    const etag = read.headers.get('etag') ?? '';
    expect(etag).toBe('"1"');

    const response = await api.request('PUT', `/api/contacts/${contact.id}`, {
      body: { firstName: 'Changed', lastName: contact.lastName },
      headers: { 'if-match': `"01", W/${etag}, ${etag}` },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ firstName: 'Changed', version: 2 });
  });

  it('never matches a weak tag, even of the current version', async () => {
    const contact = await createContact();

    const response = await api.request('DELETE', `/api/contacts/${contact.id}`, { headers: { 'if-match': 'W/"1"' } });

    expect(response.status).toBe(412);
    expect((await api.request('GET', `/api/contacts/${contact.id}`)).status).toBe(200);
  });
});
