import { describe, expect, it } from 'vitest';
import { type ApiResponse, unique, useApi } from '../support/api.ts';

const api = useApi();

const newService = (overrides: Record<string, unknown> = {}) => ({
  name: unique('Yoga '),
  price: { amount: 12_000, currency: 'EUR' },
  ...overrides,
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await api.request('POST', '/api/services', { body: newService(overrides) });
  expect(response.status).toBe(201);
  return response.body;
};

describe('POST /api/services', () => {
  it('creates a service with defaults for billing interval and active', async () => {
    const response = await api.request('POST', '/api/services', {
      body: { name: ' Drop-in class ', price: { amount: 1500, currency: 'eur' }, durationMinutes: 60 },
    });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Drop-in class',
      description: null,
      price: { amount: 1500, currency: 'EUR' },
      billingInterval: 'once',
      durationMinutes: 60,
      active: true,
      version: 1,
    });
    expect(response.headers.get('location')).toBe(`/api/services/${response.body.id}`);
    expect(response.headers.get('etag')).toBe('"1"');
  });

  it('rejects float and negative amounts, unknown currencies and intervals, and out-of-range durations', async () => {
    const response = await api.request('POST', '/api/services', {
      body: { name: '', price: { amount: 12.5, currency: 'EURO' }, billingInterval: 'daily', durationMinutes: 1441 },
    });
    const negative = await api.request('POST', '/api/services', {
      body: newService({ price: { amount: -1, currency: 'EUR' }, active: 'yes' }),
    });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'name', message: 'Required' },
      { path: 'price.amount', message: 'Must be an integer amount in minor units (e.g. cents)' },
      { path: 'price.currency', message: 'Must be an ISO 4217 currency code' },
      { path: 'billingInterval', message: 'Must be one of once, week, month, quarter, year' },
      { path: 'durationMinutes', message: 'Must be from 1 to 1440' },
    ]);
    expect(negative.body.errors).toEqual([
      { path: 'price.amount', message: 'Must not be negative' },
      { path: 'active', message: 'Must be true or false' },
    ]);
  });
});

describe('GET and PUT /api/services/:id', () => {
  it('returns the service and answers 404 for unknown or malformed ids', async () => {
    const service = await create();

    expect((await api.request('GET', `/api/services/${service.id}`)).body).toEqual(service);
    expect((await api.request('GET', '/api/services/01JD0000000000000000000000')).status).toBe(404);
    expect((await api.request('GET', '/api/services/%00')).status).toBe(404);
  });

  it('replaces the mutable fields, honours If-Match and deactivates instead of deleting', async () => {
    const service = await create({ billingInterval: 'month' });

    const replaced = await api.request('PUT', `/api/services/${service.id}`, {
      body: newService({ name: service.name, active: false }),
      headers: { 'if-match': '"1"' },
    });
    const stale = await api.request('PUT', `/api/services/${service.id}`, {
      body: newService({ name: 'stale' }),
      headers: { 'if-match': '"1"' },
    });
    const deletion = await api.request('DELETE', `/api/services/${service.id}`);

    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ active: false, billingInterval: 'once', version: 2 });
    expect(stale.status).toBe(412);
    expect((await api.request('GET', `/api/services/${service.id}`)).body).toEqual(replaced.body);
    expect(deletion.status).toBe(404);
    expect(deletion.body.type).toBe('https://studio.example/problems/route-not-found');
  });
});

describe('GET /api/services', () => {
  it('filters by active and pages in name order through every service exactly once', async () => {
    const prefix = unique('Svc');
    const names = ['delta', 'alpha', 'echo', 'charlie', 'bravo'].map((name) => `${prefix} ${name}`);
    const created = [];
    for (const [i, name] of names.entries()) created.push(await create({ name, active: i !== 2 }));

    const collect = async (filter: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ApiResponse = await api.request(
          'GET',
          `/api/services?${filter}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.status).toBe(200);
        seen.push(...page.body.items.map((s: { name: string }) => s.name).filter((n: string) => n.startsWith(prefix)));
        cursor = page.body.nextCursor;
      } while (cursor);
      return seen;
    };

    const inactive = await collect('active=false');
    const active = await collect('active=true');

    expect(inactive).toEqual([`${prefix} echo`]);
    expect(active).toEqual([`${prefix} alpha`, `${prefix} bravo`, `${prefix} charlie`, `${prefix} delta`]);
  });

  it('answers 400 for an invalid active filter and for a contacts cursor', async () => {
    const badFilter = await api.request('GET', '/api/services?active=yes');
    const contactCursor = Buffer.from(
      JSON.stringify({ pk: 'CONTACT#x', sk: 'CONTACT', gsi1pk: 'CONTACTS', gsi1sk: 'a' }),
    ).toString('base64url');
    const foreign = await api.request('GET', `/api/services?cursor=${contactCursor}`);

    expect(badFilter.body.errors).toEqual([{ path: 'active', message: 'Must be true or false' }]);
    expect(foreign.status).toBe(400);
  });
});
