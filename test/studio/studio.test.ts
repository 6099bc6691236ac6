import { describe, expect, it } from 'vitest';
import { localUsers } from '../../infra/local/local-tokens.ts';
import { unique, useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { putStudioProfile, studioProfile } from '../support/studio.ts';
import { overwriteAttribute } from '../support/table.ts';

// This file's table starts without a profile; the tests run in order and tell its story.
const api = useApi();
const clock = useClock();

const createContactAndService = async () => {
  const contact = await api.request('POST', '/api/contacts', {
    body: { firstName: 'Erika', lastName: unique('Mustermann'), email: `${unique('erika')}@example.com` },
  });
  const service = await api.request('POST', '/api/services', {
    body: { name: unique('Yoga '), price: { amount: 4900, currency: 'EUR' }, billingInterval: 'month' },
  });
  return { contactId: contact.body.id, serviceId: service.body.id };
};

const contractBody = ({ contactId, serviceId }: { contactId: string; serviceId: string }) => ({
  contactId,
  items: [{ serviceId }],
  startDate: '2027-01-01',
});

describe('before the studio profile is set', () => {
  it('answers 404 to GET /api/studio', async () => {
    const response = await api.request('GET', '/api/studio', { as: 'staff' });

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body).toMatchObject({
      type: 'https://studio.example/problems/not-found',
      detail: 'The studio profile has not been set yet (PUT /api/studio)',
    });
  });

  it('refuses a contract with 422 studio-profile-missing, before it looks at the contact', async () => {
    const { serviceId } = await createContactAndService();

    const response = await api.request('POST', '/api/contracts', {
      body: contractBody({ contactId: '01JD0000000000000000000000', serviceId }),
    });

    expect(response.status).toBe(422);
    expect(response.body.type).toMatch(/\/studio-profile-missing$/);
    expect(response.body.title).toBe('Das Studioprofil fehlt noch');
    expect(response.body.detail).toContain('PUT /api/studio');
    expect((await api.request('GET', '/api/contracts')).body.items).toEqual([]);
  });

  it('answers 412 to a PUT with If-Match, since there is no version to match', async () => {
    for (const ifMatch of ['"1"', '*']) {
      const response = await api.request('PUT', '/api/studio', {
        body: studioProfile,
        headers: { 'if-match': ifMatch },
      });
      expect(response.status).toBe(412);
    }
    expect((await api.request('GET', '/api/studio')).status).toBe(404);
  });
});

describe('PUT /api/studio', () => {
  it('is for owners only', async () => {
    const response = await api.request('PUT', '/api/studio', { body: studioProfile, as: 'staff' });

    expect(response.status).toBe(403);
    expect((await api.request('GET', '/api/studio')).status).toBe(404);
  });

  it('refuses bad fields, naming each, and stores nothing', async () => {
    const response = await api.request('PUT', '/api/studio', {
      body: {
        legalName: ' ',
        address: { street: 'Torstraße 12', postalCode: '10119', city: 'Berlin' },
        email: 'kontakt',
        website: 'http://studio-mitte.example',
        vatId: 'x'.repeat(201),
        timeZone: 'Europe/Atlantis',
        logo: 'studio.png',
      },
    });

    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(
      ['address.country', 'email', 'legalName', 'logo', 'timeZone', 'vatId', 'website'].sort(),
    );
    expect(response.body.errors.find((error: { path: string }) => error.path === 'timeZone').message).toBe(
      'Must be an IANA time zone name, such as Europe/Berlin',
    );
    expect((await api.request('GET', '/api/studio')).status).toBe(404);
  });

  it.each([
    ['an offset', '+01:00'],
    ['a wrongly cased name', 'europe/berlin'],
    ['an abbreviation Intl does not know as a zone', 'CEST'],
    ['an empty name', ''],
  ])('refuses %s as the time zone', async (_what, timeZone) => {
    const response = await api.request('PUT', '/api/studio', { body: { ...studioProfile, timeZone } });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'timeZone', message: 'Must be an IANA time zone name, such as Europe/Berlin' },
    ]);
  });

  it('creates the profile: 201, Location /api/studio, version 1, defaults and server fields, no id', async () => {
    const { timeZone: _default, phone: _phone, vatId: _vatId, ...required } = studioProfile;

    const response = await api.request('PUT', '/api/studio', {
      body: { ...required, legalName: ' Studio Mitte GmbH ' },
    });

    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe('/api/studio');
    expect(response.headers.get('etag')).toBe('"1"');
    expect(response.body).toEqual({
      ...required,
      phone: null,
      vatId: null,
      timeZone: 'Europe/Berlin',
      sepa: null,
      reminderFee: { amount: 0, currency: 'EUR' },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updatedAt: response.body.createdAt,
      updatedBy: localUsers.owner.sub,
      version: 1,
    });
    const read = await api.request('GET', '/api/studio', { as: 'staff' });
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"1"');
    expect(read.body).toEqual(response.body);
  });

  it('replaces it: 200, version + 1; a stale If-Match is 412 and changes nothing', async () => {
    const before = (await api.request('GET', '/api/studio')).body;

    const replaced = await api.request('PUT', '/api/studio', {
      body: studioProfile,
      headers: { 'if-match': `"${before.version}"` },
    });
    const stale = await api.request('PUT', '/api/studio', {
      body: { ...studioProfile, legalName: 'Someone Else GmbH' },
      headers: { 'if-match': `"${before.version}"` },
    });

    expect(replaced.status).toBe(200);
    expect(replaced.headers.get('location')).toBeNull();
    expect(replaced.body).toMatchObject({ ...studioProfile, version: before.version + 1, createdAt: before.createdAt });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe(`"${before.version + 1}"`);
    expect((await api.request('GET', '/api/studio')).body).toEqual(replaced.body);
  });

  it('lets concurrent replaces without If-Match all succeed, one version each', async () => {
    const before = (await api.request('GET', '/api/studio')).body;

    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        api.request('PUT', '/api/studio', { body: { ...studioProfile, phone: `+49 30 ${i}` } }),
      ),
    );

    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(responses.map((response) => response.body.version).sort()).toEqual(
      [1, 2, 3, 4].map((step) => before.version + step),
    );
    expect((await api.request('GET', '/api/studio')).body.version).toBe(before.version + 4);
  });
});

describe('contracts and the studio profile', () => {
  it('copy the profile’s own fields at creation, and later changes leave the contract as it was', async () => {
    await putStudioProfile(api, studioProfile);
    const created = await api.request('POST', '/api/contracts', {
      body: contractBody(await createContactAndService()),
    });

    await putStudioProfile(api, { ...studioProfile, legalName: 'Studio Mitte Neu GmbH', timeZone: 'Europe/Vienna' });
    const later = await api.request('POST', '/api/contracts', { body: contractBody(await createContactAndService()) });

    expect(created.status).toBe(201);
    expect(created.body.studio).toEqual(studioProfile);
    expect(later.body.studio).toMatchObject({ legalName: 'Studio Mitte Neu GmbH', timeZone: 'Europe/Vienna' });
    const stored = await api.request('GET', `/api/contracts/${created.body.id}`);
    expect(stored.body).toEqual(created.body);
    expect((await api.request('GET', `/api/contracts/${created.body.id}/verification`)).body.valid).toBe(true);
  });

  it('are covered by the document hash: a changed studio copy fails verification', async () => {
    await putStudioProfile(api, studioProfile);
    const created = await api.request('POST', '/api/contracts', {
      body: contractBody(await createContactAndService()),
    });

    await overwriteAttribute({ pk: `CONTRACT#${created.body.id}`, sk: 'CONTRACT' }, 'studio.legalName', 'Fake GmbH');

    const verification = await api.request('GET', `/api/contracts/${created.body.id}/verification`);
    expect(verification.body.valid).toBe(false);
    expect(verification.body.recomputedHash).not.toBe(created.body.documentHash);
  });
});

describe('contract numbers at the turn of the year', () => {
  it('count in the studio’s time zone: 00:30 in Berlin on 1 January is the new year', async () => {
    await putStudioProfile(api, studioProfile);
    const parties = await createContactAndService();

    clock.set('2026-12-31T22:30:00Z'); // 23:30 in Berlin
    const lastOfOld = await api.request('POST', '/api/contracts', { body: contractBody(parties) });
    clock.set('2026-12-31T23:30:00Z'); // 00:30 in Berlin, still 2026 in UTC
    const firstOfNew = await api.request('POST', '/api/contracts', { body: contractBody(parties) });
    const secondOfNew = await api.request('POST', '/api/contracts', { body: contractBody(parties) });

    expect(lastOfOld.body.number).toMatch(/^2026-\d{6}$/);
    expect(lastOfOld.body.createdAt).toBe('2026-12-31T22:30:00.000Z');
    expect(firstOfNew.body.number).toBe('2027-000001');
    expect(firstOfNew.body.createdAt).toBe('2026-12-31T23:30:00.000Z');
    expect(secondOfNew.body.number).toBe('2027-000002');
  });

  it('follow the profile’s zone: at 22:00 in New York on 31 December it is still the old year there', async () => {
    await putStudioProfile(api, { ...studioProfile, timeZone: 'America/New_York' });
    const parties = await createContactAndService();

    clock.set('2028-01-01T03:00:00Z'); // 22:00 on 31 December 2027 in New York
    const newYork = await api.request('POST', '/api/contracts', { body: contractBody(parties) });
    await putStudioProfile(api, studioProfile);
    const berlin = await api.request('POST', '/api/contracts', { body: contractBody(parties) });

    expect(newYork.body.number).toMatch(/^2027-\d{6}$/);
    expect(newYork.body.studio.timeZone).toBe('America/New_York');
    expect(berlin.body.number).toBe('2028-000001');
  });
});
