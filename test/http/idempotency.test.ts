import { describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { useStudioProfile } from '../support/studio.ts';

const api = useApi();
// Contracts name the studio as a party: none can be created before its profile exists.
useStudioProfile(api);

const contact = () => ({ firstName: 'Ida', lastName: unique('Retry'), email: `${unique('ida')}@example.com` });

const post = (path: string, body: unknown, key: string, as?: 'owner' | 'staff') =>
  api.request('POST', path, { body, headers: { 'idempotency-key': key }, ...(as ? { as } : {}) });

describe('Idempotency-Key on POST', () => {
  it('replays the first response for a retry with the same key and body, and writes nothing', async () => {
    const body = contact();
    const key = unique('key-');

    const first = await post('/api/contacts', body, key);
    const retry = await post('/api/contacts', body, key);

    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('location')).toBe(first.headers.get('location'));
    const found = await api.request('GET', `/api/contacts?search=${encodeURIComponent(body.email)}`);
    expect(found.body.items).toHaveLength(1);
  });

  it('ignores JSON formatting when it compares a retry with the first body', async () => {
    const body = contact();
    const key = unique('key-');

    const first = await post('/api/contacts', body, key);
    const retry = await api.request('POST', '/api/contacts', {
      rawBody: JSON.stringify(body, null, 2),
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
    });

    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.id).toBe(first.body.id);
  });

  it('answers 422 when the same key comes with another body, and the first result stays replayable', async () => {
    const key = unique('key-');
    const body = contact();
    const first = await post('/api/contacts', body, key);

    const other = await post('/api/contacts', contact(), key);
    const retry = await post('/api/contacts', body, key);

    expect(other.status).toBe(422);
    expect(other.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(other.body.type).toBe('https://studio.example/problems/idempotency-key-reused');
    expect(retry.body.id).toBe(first.body.id);
  });

  it('runs parallel retries of one request once: the others are replays or 409 while it is in flight', async () => {
    const body = contact();
    const key = unique('key-');

    const responses = await Promise.all(Array.from({ length: 8 }, () => post('/api/contacts', body, key)));

    const originals = responses.filter((r) => r.status === 201 && !r.headers.get('idempotent-replayed'));
    const inFlight = responses.filter((r) => r.status === 409);
    expect(originals).toHaveLength(1);
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    for (const response of inFlight) {
      expect(response.body.type).toBe('https://studio.example/problems/request-in-progress');
      expect(response.headers.get('retry-after')).toBe('1');
    }
    const found = await api.request('GET', `/api/contacts?search=${encodeURIComponent(body.email)}`);
    expect(found.body.items).toHaveLength(1);
    expect((await post('/api/contacts', body, key)).body.id).toBe(originals[0]?.body.id);
  });

  it('keeps keys per caller: the same key from another user is a new request', async () => {
    const key = unique('key-');

    const owner = await post('/api/contacts', contact(), key, 'owner');
    const staff = await post('/api/contacts', contact(), key, 'staff');

    expect(owner.status).toBe(201);
    expect(staff.status).toBe(201);
    expect(staff.headers.get('idempotent-replayed')).toBeNull();
  });

  it('does not keep failures: a retry after a 4xx runs again', async () => {
    const key = unique('key-');
    const body = contact();
    const taken = await post('/api/contacts', body, unique('key-'));

    const sameEmail = { ...contact(), email: body.email };

    const conflict = await post('/api/contacts', sameEmail, key);
    await api.request('DELETE', `/api/contacts/${taken.body.id}`);
    const retry = await post('/api/contacts', sameEmail, key);

    expect(conflict.status).toBe(409);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('takes a contract number only once for a retried contract', async () => {
    const person = (await post('/api/contacts', contact(), unique('key-'))).body;
    const service = (
      await post('/api/services', { name: unique('Pilates '), price: { amount: 3000, currency: 'EUR' } }, unique('k'))
    ).body;
    const body = { contactId: person.id, items: [{ serviceId: service.id }], startDate: '2026-12-01' };
    const key = unique('key-');

    const first = await post('/api/contracts', body, key);
    const retry = await post('/api/contracts', body, key);
    const next = await post('/api/contracts', body, unique('key-'));

    expect(retry.body.number).toBe(first.body.number);
    expect(Number(next.body.number.split('-')[1])).toBe(Number(first.body.number.split('-')[1]) + 1);
  });

  it('answers 400 for an empty or over-long key', async () => {
    for (const key of ['', 'k'.repeat(256)]) {
      const response = await post('/api/contacts', contact(), key);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([{ path: 'Idempotency-Key', message: 'Must be 1 to 255 characters' }]);
    }
    expect((await post('/api/contacts', contact(), 'k'.repeat(255))).status).toBe(201);
  });
});
