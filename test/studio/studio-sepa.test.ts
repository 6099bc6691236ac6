import { describe, expect, it } from 'vitest';
import { useApi } from '../support/api.ts';
import { studioProfile } from '../support/studio.ts';

// The studio as a SEPA creditor (docs/sepa.md): `sepa` of PUT /api/studio. This file's table starts without a profile.
const api = useApi();

const sepa = { creditorId: 'DE98ZZZ09999999999', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };

const pathsOf = (body: { errors: { path: string }[] }) => body.errors.map((error) => error.path).sort();

describe('the studio profile’s sepa', () => {
  it('is null when left out', async () => {
    const response = await api.request('PUT', '/api/studio', { body: studioProfile });

    expect([200, 201]).toContain(response.status);
    expect(response.body.sepa).toBeNull();
  });

  it('is stored normalised (no spaces, upper case), with 14 pre-notification days by default and a missing BIC as null', async () => {
    const response = await api.request('PUT', '/api/studio', {
      body: {
        ...studioProfile,
        sepa: { creditorId: 'de98 zzz0 9999 9999 99', iban: 'de89 3704 0044 0532 0130 00', bic: ' ' },
      },
    });

    expect(response.status).toBe(200);
    expect(response.body.sepa).toEqual({ ...sepa, bic: null, preNotificationDays: 14 });
    expect((await api.request('GET', '/api/studio', { as: 'staff' })).body.sepa).toEqual(response.body.sepa);
  });

  it('keeps what it is given, and null takes it away again', async () => {
    const set = await api.request('PUT', '/api/studio', {
      body: { ...studioProfile, sepa: { ...sepa, preNotificationDays: 1 } },
    });
    expect(set.body.sepa).toEqual({ ...sepa, preNotificationDays: 1 });

    const removed = await api.request('PUT', '/api/studio', { body: { ...studioProfile, sepa: null } });
    expect(removed.status).toBe(200);
    expect(removed.body.sepa).toBeNull();
  });

  it('refuses every bad field with a 400 naming it, and stores nothing', async () => {
    const before = (await api.request('GET', '/api/studio')).body;

    const response = await api.request('PUT', '/api/studio', {
      body: {
        ...studioProfile,
        sepa: {
          creditorId: 'DE99ZZZ09999999999',
          iban: 'DE88370400440532013000',
          bic: 'DEUTDEFF5',
          preNotificationDays: 15,
          mandateText: 'x',
        },
      },
    });

    expect(response.status).toBe(400);
    expect(pathsOf(response.body)).toEqual(
      ['sepa.bic', 'sepa.creditorId', 'sepa.iban', 'sepa.mandateText', 'sepa.preNotificationDays'].sort(),
    );
    expect(response.body.errors.find((error: { path: string }) => error.path === 'sepa.iban').message).toBe(
      'Has wrong check digits: the IBAN is mistyped (MOD 97)',
    );
    expect((await api.request('GET', '/api/studio')).body).toEqual(before);
  });

  it.each([
    ['a creditor id without its national id', { creditorId: 'DE98ZZZ' }, 'sepa.creditorId'],
    ['a creditor id that is not a string', { creditorId: 98 }, 'sepa.creditorId'],
    ['an IBAN outside SEPA', { iban: 'BR1800360305000010009795493C1' }, 'sepa.iban'],
    ['an IBAN a digit short', { iban: 'DE8937040044053201300' }, 'sepa.iban'],
    ['an IBAN with dashes', { iban: 'DE89-3704-0044-0532-0130-00' }, 'sepa.iban'],
    ['a BIC of 10 characters', { bic: 'DEUTDEFF50' }, 'sepa.bic'],
    ['0 pre-notification days', { preNotificationDays: 0 }, 'sepa.preNotificationDays'],
    ['a fraction of a day', { preNotificationDays: 2.5 }, 'sepa.preNotificationDays'],
  ])('refuses %s', async (_what, change, path) => {
    const response = await api.request('PUT', '/api/studio', {
      body: { ...studioProfile, sepa: { ...sepa, ...change } },
    });

    expect(response.status).toBe(400);
    expect(pathsOf(response.body)).toEqual([path]);
  });

  it('needs a creditor id and an IBAN', async () => {
    const response = await api.request('PUT', '/api/studio', { body: { ...studioProfile, sepa: {} } });

    expect(response.status).toBe(400);
    expect(pathsOf(response.body)).toEqual(['sepa.creditorId', 'sepa.iban']);
  });

  it('is not copied into a contract: the mandate names the creditor itself', async () => {
    await api.request('PUT', '/api/studio', { body: { ...studioProfile, sepa } });
    const contact = await api.request('POST', '/api/contacts', { body: { firstName: 'Erika', lastName: 'Muster' } });
    const service = await api.request('POST', '/api/services', {
      body: { name: 'Yoga', price: { amount: 4900, currency: 'EUR' }, billingInterval: 'month' },
    });

    const contract = await api.request('POST', '/api/contracts', {
      body: { contactId: contact.body.id, items: [{ serviceId: service.body.id }], startDate: '2027-01-01' },
    });

    expect(contract.status).toBe(201);
    expect(contract.body.studio).toEqual(studioProfile);
  });
});
