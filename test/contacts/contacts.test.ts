import { describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';

const api = useApi();

const newContact = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: unique('Lovelace'),
  email: `${unique('ada')}@example.com`,
  ...overrides,
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await api.request('POST', '/api/contacts', { body: newContact(overrides) });
  expect(response.status).toBe(201);
  return response.body;
};

describe('POST /api/contacts', () => {
  it('creates a contact with server fields, trimmed strings and nulls for absent optional fields', async () => {
    const response = await api.request('POST', '/api/contacts', {
      body: {
        firstName: '  Ada ',
        lastName: ' Lovelace',
        phone: '   ',
        address: { street: 'St James 1', postalCode: 'SW1', city: 'London', country: 'GB' },
      },
    });

    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: null,
      phone: null,
      dateOfBirth: null,
      notes: null,
      address: { street: 'St James 1', postalCode: 'SW1', city: 'London', country: 'GB' },
      version: 1,
    });
    expect(response.body.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(response.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(response.body.updatedAt).toBe(response.body.createdAt);
    expect(response.headers.get('location')).toBe(`/api/contacts/${response.body.id}`);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers 400 with one error per invalid field and stores nothing', async () => {
    const email = `${unique('bad')}@example.com`;
    const response = await api.request('POST', '/api/contacts', {
      body: {
        firstName: '   ',
        email: 'not-an-email',
        phone: 'call me',
        dateOfBirth: '2023-02-30',
        address: { street: 'x', postalCode: '1', city: 'y', country: 'XX' },
        notes: 'n'.repeat(5001),
        nickname: 'typo',
      },
    });

    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body).toMatchObject({
      type: 'https://studio.example/problems/validation-failed',
      status: 400,
    });
    const paths = response.body.errors.map((error: { path: string }) => error.path).sort();
    expect(paths).toEqual(
      ['address.country', 'dateOfBirth', 'email', 'firstName', 'lastName', 'nickname', 'notes', 'phone'].sort(),
    );
    const search = await api.request('GET', `/api/contacts?search=${encodeURIComponent(email)}`);
    expect(search.body.items).toEqual([]);
  });

  it('rejects a date of birth in the future and a name over 100 characters', async () => {
    const response = await api.request('POST', '/api/contacts', {
      body: newContact({ dateOfBirth: '2999-01-01', lastName: 'x'.repeat(101) }),
    });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'lastName', message: 'Must be at most 100 characters' },
      { path: 'dateOfBirth', message: 'Must not be in the future' },
    ]);
  });

  it('answers 409 for an email another contact has, whatever its case', async () => {
    const first = await create();

    const response = await api.request('POST', '/api/contacts', {
      body: newContact({ email: first.email.toUpperCase() }),
    });

    expect(response.status).toBe(409);
    expect(response.body.errors).toEqual([{ path: 'email', message: 'Already used by another contact' }]);
  });

  it('lets exactly one of 20 parallel creates with the same email succeed', async () => {
    const email = `${unique('race')}@example.com`;

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.request('POST', '/api/contacts', { body: newContact({ email: i % 2 ? email : email.toUpperCase() }) }),
      ),
    );

    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const search = await api.request('GET', `/api/contacts?search=${encodeURIComponent(email)}`);
    expect(search.body.items).toHaveLength(1);
  });
});

describe('GET /api/contacts/:id', () => {
  it('returns the contact with its ETag', async () => {
    const contact = await create();

    const response = await api.request('GET', `/api/contacts/${contact.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual(contact);
    expect(response.headers.get('etag')).toBe('"1"');
  });

  it('answers 404 problem+json for an unknown and for a malformed id', async () => {
    const unknown = await api.request('GET', '/api/contacts/01JD0000000000000000000000');
    const malformed = await api.request('GET', '/api/contacts/not-an-id');

    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(malformed.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

describe('PUT /api/contacts/:id', () => {
  it('replaces the mutable fields and increments the version', async () => {
    const contact = await create({ phone: '+49 30 1234' });

    const response = await api.request('PUT', `/api/contacts/${contact.id}`, {
      body: { firstName: 'Augusta', lastName: contact.lastName, email: contact.email },
      headers: { 'if-match': '"1"' },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      firstName: 'Augusta',
      phone: null,
      version: 2,
      createdAt: contact.createdAt,
    });
    expect(response.body.updatedAt > contact.updatedAt).toBe(true);
    expect(response.headers.get('etag')).toBe('"2"');
  });

  it('answers 412 for a stale If-Match and changes nothing', async () => {
    const contact = await create();
    await api.request('PUT', `/api/contacts/${contact.id}`, { body: newContact({ email: contact.email }) });

    const response = await api.request('PUT', `/api/contacts/${contact.id}`, {
      body: newContact({ firstName: 'Stale' }),
      headers: { 'if-match': '"1"' },
    });

    expect(response.status).toBe(412);
    const stored = await api.request('GET', `/api/contacts/${contact.id}`);
    expect(stored.body.version).toBe(2);
    expect(stored.body.firstName).toBe('Ada');
  });

  it('loses no update when concurrent writers use If-Match', async () => {
    const contact = await create();

    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.request('PUT', `/api/contacts/${contact.id}`, {
          body: newContact({ firstName: `Writer ${i}`, email: contact.email }),
          headers: { 'if-match': '"1"' },
        }),
      ),
    );

    const winners = responses.filter((response) => response.status === 200);
    expect(winners).toHaveLength(1);
    expect(responses.filter((response) => response.status === 412)).toHaveLength(7);
    const stored = await api.request('GET', `/api/contacts/${contact.id}`);
    expect(stored.body).toMatchObject({ version: 2, firstName: winners[0]?.body.firstName });
  });

  it('releases the old email when it changes, so another contact can take it', async () => {
    const contact = await create();
    const newEmail = `${unique('moved')}@example.com`;

    const changed = await api.request('PUT', `/api/contacts/${contact.id}`, {
      body: newContact({ email: newEmail }),
    });
    const reuse = await api.request('POST', '/api/contacts', { body: newContact({ email: contact.email }) });
    const taken = await api.request('POST', '/api/contacts', { body: newContact({ email: newEmail }) });

    expect(changed.status).toBe(200);
    expect(reuse.status).toBe(201);
    expect(taken.status).toBe(409);
  });

  it('answers 409 when the new email belongs to another contact and leaves both unchanged', async () => {
    const first = await create();
    const second = await create();

    const response = await api.request('PUT', `/api/contacts/${second.id}`, {
      body: newContact({ email: first.email }),
    });

    expect(response.status).toBe(409);
    expect((await api.request('GET', `/api/contacts/${second.id}`)).body).toEqual(second);
  });

  it('answers 404 for an unknown contact and 400 for an invalid body', async () => {
    const unknown = await api.request('PUT', '/api/contacts/01JD0000000000000000000000', { body: newContact() });
    const invalid = await api.request('PUT', `/api/contacts/${(await create()).id}`, { body: { firstName: 'x' } });

    expect(unknown.status).toBe(404);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([{ path: 'lastName', message: 'Required' }]);
  });
});

describe('DELETE /api/contacts/:id', () => {
  it('deletes the contact with 204 and no body, then it is gone and its email is free', async () => {
    const contact = await create();

    const response = await api.request('DELETE', `/api/contacts/${contact.id}`);

    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect((await api.request('GET', `/api/contacts/${contact.id}`)).status).toBe(404);
    expect((await api.request('POST', '/api/contacts', { body: newContact({ email: contact.email }) })).status).toBe(
      201,
    );
  });

  it('answers 412 for a stale If-Match and keeps the contact', async () => {
    const contact = await create();

    const response = await api.request('DELETE', `/api/contacts/${contact.id}`, { headers: { 'if-match': '"7"' } });

    expect(response.status).toBe(412);
    expect((await api.request('GET', `/api/contacts/${contact.id}`)).status).toBe(200);
  });

  it('answers 404 for an unknown contact', async () => {
    expect((await api.request('DELETE', '/api/contacts/01JD0000000000000000000000')).status).toBe(404);
  });
});

describe('GET /api/contacts', () => {
  it('lists by last name, first name and id, and pages through every match exactly once', async () => {
    const family = unique('Fam');
    const names = ['Zoe', 'Anna', 'Mia', 'Ben', 'Lea', 'Tom', 'Eva'];
    for (const [i, firstName] of names.entries()) {
      await create({ firstName, lastName: `${family}${i % 2 ? 'b' : 'a'}` });
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `search=${family}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await api.request('GET', `/api/contacts?${query}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeGreaterThan(0);
      seen.push(...page.body.items.map((c: { lastName: string; firstName: string }) => `${c.lastName} ${c.firstName}`));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor);

    expect(pages).toBe(4);
    expect(seen).toEqual([
      `${family}a Eva`,
      `${family}a Lea`,
      `${family}a Mia`,
      `${family}a Zoe`,
      `${family}b Anna`,
      `${family}b Ben`,
      `${family}b Tom`,
    ]);
  });

  it('finds contacts by a case-insensitive last-name prefix or by exact email', async () => {
    const lastName = unique('Müller');
    const contact = await create({ lastName });

    const byPrefix = await api.request(
      'GET',
      `/api/contacts?search=${encodeURIComponent(lastName.slice(0, 9).toUpperCase())}`,
    );
    const byEmail = await api.request('GET', `/api/contacts?search=${encodeURIComponent(contact.email.toUpperCase())}`);

    expect(byPrefix.body.items.map((c: { id: string }) => c.id)).toEqual([contact.id]);
    expect(byEmail.body).toEqual({ items: [contact], nextCursor: null });
  });

  it('uses a default page size of 25 and rejects limits outside 1 to 100', async () => {
    const page = await api.request('GET', '/api/contacts');
    const tooLarge = await api.request('GET', '/api/contacts?limit=101');
    const notANumber = await api.request('GET', '/api/contacts?limit=ten');

    expect(page.status).toBe(200);
    expect(page.body.items.length).toBeLessThanOrEqual(25);
    expect(tooLarge.status).toBe(400);
    expect(notANumber.body.errors).toEqual([{ path: 'limit', message: 'Must be an integer from 1 to 100' }]);
  });

  it('answers 400 for a tampered cursor, a cursor of another list and an unknown parameter', async () => {
    const family = unique('Cur');
    await create({ lastName: family });
    await create({ lastName: family });
    const page = await api.request('GET', `/api/contacts?search=${family}&limit=1`);
    const cursor: string = page.body.nextCursor;
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const foreign = Buffer.from(JSON.stringify({ ...key, gsi1pk: 'SERVICES' })).toString('base64url');
    const outsideSearch = await api.request('GET', `/api/contacts?search=other&cursor=${cursor}`);

    const emptyKey = Buffer.from(JSON.stringify({ ...key, pk: '' })).toString('base64url');
    for (const bad of [
      `${cursor.slice(0, -3)}xyz`,
      foreign,
      emptyKey,
      'not base64 !',
      Buffer.from('[1]').toString('base64url'),
    ]) {
      const response = await api.request('GET', `/api/contacts?search=${family}&cursor=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(400);
      expect(response.body.type).toBe('https://studio.example/problems/invalid-cursor');
    }
    expect(outsideSearch.status).toBe(400);
    expect((await api.request('GET', '/api/contacts?sort=name')).status).toBe(400);
  });
});
