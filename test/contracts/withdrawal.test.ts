import { beforeAll, describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { signAsCustomer } from '../support/customer-signature.ts';
import { useStudioProfile } from '../support/studio.ts';
import { grantWithdrawalRight } from '../support/withdrawal-right.ts';

// „Widerruf“ (docs/decisions.md, "Withdrawal"): POST /api/contracts/:id/withdrawal within the period of a contract concluded away from the studio.
const api = useApi();
useStudioProfile(api); // Europe/Berlin
const clock = useClock();

let parties: { contactId: string; serviceId: string };
beforeAll(async () => {
  const contact = await api.request('POST', '/api/contacts', {
    body: { firstName: 'Erika', lastName: unique('Mustermann'), email: `${unique('erika')}@example.com` },
  });
  const service = await api.request('POST', '/api/services', {
    body: { name: unique('Fitness '), price: { amount: 3900, currency: 'EUR' }, billingInterval: 'month' },
  });
  parties = { contactId: contact.body.id, serviceId: service.body.id };
});

/** A monthly contract from 1 June 2026, signed on 3 June (period to 17 June); remote-signed unless `atTheCounter`. */
const signedContract = async ({ atTheCounter = false, requestedEarlyStart = false } = {}) => {
  clock.set('2026-06-03T10:00:00Z');
  const created = await api.request('POST', '/api/contracts', {
    body: { contactId: parties.contactId, items: [{ serviceId: parties.serviceId }], startDate: '2026-06-01' },
  });
  expect(created.status).toBe(201);
  const signed = await signAsCustomer(api, created.body);
  if (!atTheCounter) await grantWithdrawalRight(signed.body, requestedEarlyStart);
  return signed.body as { id: string; version: number };
};

const withdraw = (id: string, body: Record<string, unknown> = {}, as: 'owner' | 'staff' = 'staff') =>
  api.request('POST', `/api/contracts/${id}/withdrawal`, { body, as });

const dues = async (id: string) =>
  (await api.request('GET', `/api/contracts/${id}/dues?from=2026-06-01&to=2026-12-31`)).body.items;

describe('POST /api/contracts/:id/withdrawal', () => {
  it('records a withdrawal on the last day of the period: the contract is withdrawn and ends that day', async () => {
    const contract = await signedContract();
    clock.set('2026-06-17T21:00:00Z'); // 23:00 on 17 June in Berlin

    const response = await withdraw(contract.id);

    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe(`"${contract.version + 1}"`);
    expect(response.body).toMatchObject({
      status: 'withdrawn',
      endsOn: '2026-06-17',
      earliestEndOn: null,
      version: contract.version + 1,
      withdrawal: {
        periodEndsOn: '2026-06-17',
        requestedEarlyStart: false,
        withdrawnAt: '2026-06-17T21:00:00.000Z',
        receivedOn: '2026-06-17',
        recordedBy: expect.any(String),
      },
    });
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body).toEqual(response.body);
  });

  it('is 409 on the day after the period, in the studio’s zone', async () => {
    const contract = await signedContract();
    clock.set('2026-06-17T22:30:00Z'); // 00:30 on 18 June in Berlin, still the 17th in UTC

    const late = await withdraw(contract.id);
    const backdated = await withdraw(contract.id, { receivedOn: '2026-06-17' });

    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(
      'Die Widerrufsfrist endete am 2026-06-17; ein am 2026-06-18 eingegangener Widerruf ist verspätet (§ 355 Abs. 2 BGB)',
    );
    // A letter that arrived on the last day and is recorded a day later is in time.
    expect(backdated.status).toBe(200);
    expect(backdated.body.withdrawal.receivedOn).toBe('2026-06-17');
  });

  it('is 409 for a contract signed at the counter, which has no right of withdrawal', async () => {
    const contract = await signedContract({ atTheCounter: true });
    clock.set('2026-06-05T10:00:00Z');

    const response = await withdraw(contract.id);

    expect(response.status).toBe(409);
    expect(response.body.detail).toContain('kein Widerrufsrecht');
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body).toMatchObject({
      status: 'signed',
      withdrawal: null,
    });
  });

  it('is 409 a second time, and a withdrawn contract can be neither terminated nor signed', async () => {
    const contract = await signedContract();
    clock.set('2026-06-05T10:00:00Z');
    const first = await withdraw(contract.id);

    const again = await withdraw(contract.id);
    const termination = await api.request('POST', `/api/contracts/${contract.id}/termination`, { body: {} });

    expect(first.status).toBe(200);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Der Vertrag ist bereits widerrufen (eingegangen am 2026-06-05)');
    expect(termination.status).toBe(409);
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body.version).toBe(first.body.version);
  });

  it('takes a terminated contract within the period: the withdrawal ends it at once', async () => {
    const contract = await signedContract();
    clock.set('2026-06-04T10:00:00Z');
    expect((await api.request('POST', `/api/contracts/${contract.id}/termination`, { body: {} })).status).toBe(200);

    const response = await withdraw(contract.id, { receivedOn: '2026-06-04' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'withdrawn', endsOn: '2026-06-04' });
  });

  it('refuses a receipt day in the future or before the signing with 400', async () => {
    const contract = await signedContract();
    clock.set('2026-06-05T10:00:00Z');

    const future = await withdraw(contract.id, { receivedOn: '2026-06-06' });
    const beforeSigning = await withdraw(contract.id, { receivedOn: '2026-06-02' });
    const unknownField = await withdraw(contract.id, { reason: 'Umzug' });

    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual([{ path: 'receivedOn', message: expect.stringContaining('Zukunft') }]);
    expect(beforeSigning.status).toBe(400);
    expect(unknownField.status).toBe(400);
  });

  it('writes contract.withdrawn with ids only', async () => {
    const contract = await signedContract();
    clock.set('2026-06-05T10:00:00Z');
    const withdrawn = await withdraw(contract.id);
    // The events list shows the last 30 days of the one clock, STUDIO_CLOCK's as every stored time is.

    const events = (await api.request('GET', '/api/events?type=contract.withdrawn&limit=100')).body.items;

    expect(events.filter((event: { data: { id: string } }) => event.data.id === contract.id)).toEqual([
      {
        id: expect.any(String),
        type: 'contract.withdrawn',
        occurredAt: expect.any(String),
        data: { object: 'contract', id: contract.id, version: withdrawn.body.version },
      },
    ]);
  });
});

describe('the dues of a withdrawn contract (§ 357a Abs. 2 BGB)', () => {
  it('are the running period pro rata up to the day received when the customer asked for an early start', async () => {
    const contract = await signedContract({ requestedEarlyStart: true });
    clock.set('2026-06-10T10:00:00Z');
    expect((await withdraw(contract.id)).status).toBe(200);

    // 10 of June's 30 days of 39.00 EUR; nothing after 10 June.
    expect(await dues(contract.id)).toEqual([
      expect.objectContaining({
        dueOn: '2026-06-01',
        periodStart: '2026-06-01',
        periodEnd: '2026-06-30',
        amount: { amount: 1300, currency: 'EUR' },
        status: 'planned',
      }),
    ]);
  });

  it('are none without that request', async () => {
    const contract = await signedContract();
    clock.set('2026-06-10T10:00:00Z');
    const before = await dues(contract.id);
    expect((await withdraw(contract.id)).status).toBe(200);

    expect(before.length).toBeGreaterThan(0);
    expect(await dues(contract.id)).toEqual([]);
  });
});
