import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { useClock } from '../support/clock.ts';
import { createCollection, duesOfContract, mandatedContract, sepaStudio } from './support.ts';

// Returned debits (Rücklastschriften, docs/collections.md "Returns"): the due is collected again, or the mandate ends.
const api = useApi();
// The Vorabankündigung of a returned due goes out from the stream on `due.returned` (docs/collections.md).
useBackgroundFunctions(['documents-render']);
const clock = useClock();

type Contract = { id: string; number: string };
let unpaid: Contract;
let closed: Contract;
let january: { id: string; dues: string[] };

beforeAll(async () => {
  process.env.STUDIO_CLOCK = '2027-01-04T09:00:00Z';
  await sepaStudio(api);
  unpaid = await mandatedContract(api);
  closed = await mandatedContract(api, { iban: 'DE02500105170137075030' });
  process.env.STUDIO_CLOCK = '2027-01-05T09:00:00Z';
  const response = await createCollection(api, '2027-01-19');
  expect(response.status).toBe(201);
  january = response.body;
  delete process.env.STUDIO_CLOCK;
});

const returnDebit = (collectionId: string, body: Record<string, unknown>, as?: 'staff') =>
  api.request('POST', `/api/collections/${collectionId}/returns`, { body, ...(as ? { as } : {}) });

const eventsFor = async (type: string, contractId: string) =>
  (await api.request('GET', `/api/events?type=${type}&limit=100`)).body.items.filter(
    (event: { data: { id: string } }) => event.data.id === contractId,
  );

describe('POST /api/collections/:id/returns', () => {
  it('marks the due returned, leaves the mandate active for AM04, and announces due.returned', async () => {
    clock.set('2027-01-22T09:00:00Z');
    const endToEndId = `${unpaid.number}-20270101`;

    const response = await returnDebit(january.id, { endToEndId, reasonCode: 'AM04', returnedOn: '2027-01-22' });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toEqual({
      collectionId: january.id,
      endToEndId,
      contractId: unpaid.id,
      amount: { amount: 4900, currency: 'EUR' },
      reasonCode: 'AM04',
      returnedOn: '2027-01-22',
      mandateRevoked: false,
      bankFee: { amount: 0, currency: 'EUR' },
      collectable: true,
    });
    const [due] = await duesOfContract(api, unpaid.id, '2027-01-01');
    expect(due).toMatchObject({
      status: 'returned',
      collectionId: january.id,
      returnedOn: '2027-01-22',
      returnReason: 'AM04',
    });
    expect((await api.request('GET', `/api/contracts/${unpaid.id}/mandate`)).body.status).toBe('active');
    expect(await eventsFor('due.returned', unpaid.id)).toHaveLength(1);
    // Its Vorabankündigung, mailed from the stream on this day, starts the wait for the next collection.
    await vi.waitFor(
      async () => {
        const [returned] = await duesOfContract(api, unpaid.id, '2027-01-01');
        expect(returned?.preNotifiedOn).toBe('2027-01-22');
      },
      { timeout: 60_000, interval: 100 },
    );
  });

  it('refuses a second return of the same debit with 409', async () => {
    const response = await returnDebit(january.id, {
      endToEndId: `${unpaid.number}-20270101`,
      reasonCode: 'MS03',
      returnedOn: '2027-01-23',
    });

    expect(response.status).toBe(409);
    expect(await eventsFor('due.returned', unpaid.id)).toHaveLength(1);
  });

  it('answers 422 for a debit the collection does not hold', async () => {
    const response = await returnDebit(january.id, {
      endToEndId: `${unpaid.number}-20270201`,
      reasonCode: 'AM04',
      returnedOn: '2027-01-22',
    });

    expect(response.status).toBe(422);
    expect(response.body.type).toMatch(/\/unprocessable$/);
  });

  it.each([
    ['a reason code outside ISO 20022’s list', { reasonCode: 'XX99' }, 'reasonCode'],
    ['a return before the collection date', { returnedOn: '2027-01-18' }, 'returnedOn'],
    ['a day that does not exist', { returnedOn: '2027-02-30' }, 'returnedOn'],
    ['a day after today', { returnedOn: '2027-01-23' }, 'returnedOn'],
  ])('refuses %s with a 400 naming the field', async (_what, change, path) => {
    clock.set('2027-01-22T09:00:00Z');
    const response = await returnDebit(january.id, {
      endToEndId: `${closed.number}-20270101`,
      reasonCode: 'AM04',
      returnedOn: '2027-01-22',
      ...change,
    });

    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    expect((await duesOfContract(api, closed.id, '2027-01-01'))[0]?.status).toBe('collected');
  });

  it('lets staff record no return', async () => {
    const response = await returnDebit(
      january.id,
      { endToEndId: `${closed.number}-20270101`, reasonCode: 'AM04', returnedOn: '2027-01-22' },
      'staff',
    );

    expect(response.status).toBe(403);
  });

  it('revokes the mandate for MD01 (no mandate), with mandate.revoked', async () => {
    clock.set('2027-01-22T10:00:00Z');
    const response = await returnDebit(january.id, {
      endToEndId: `${closed.number}-20270101`,
      reasonCode: 'MD01',
      returnedOn: '2027-01-22',
    });

    expect(response.status).toBe(201);
    expect(response.body.mandateRevoked).toBe(true);
    const mandate = (await api.request('GET', `/api/contracts/${closed.id}/mandate`)).body;
    expect(mandate).toMatchObject({ status: 'revoked', revokedOn: '2027-01-22' });
    expect(await eventsFor('mandate.revoked', closed.id)).toHaveLength(1);
  });

  it('collects a returned due again in the next collection, and not those of a revoked mandate', async () => {
    clock.set('2027-01-25T09:00:00Z');

    // The Vorabankündigung went out with the return on 22 January: 14 days later is 5 February (docs/accounts.md).
    const february = await createCollection(api, '2027-02-05');

    expect(february.status).toBe(201);
    expect(february.body.dues).toEqual([`${unpaid.number}-20270101`, `${unpaid.number}-20270201`]);
    const dues = await duesOfContract(api, unpaid.id, '2027-02-01');
    expect(dues.map((due) => [due.status, due.collectionId, due.returnedOn])).toEqual([
      ['collected', february.body.id, null],
      ['collected', february.body.id, null],
    ]);
    // The first collection's file still holds the debit as it was sent.
    const file = (await api.request('GET', `/api/collections/${january.id}/file`)).text;
    expect(file).toContain(`<EndToEndId>${unpaid.number}-20270101</EndToEndId>`);
    // Its return is recorded on the first collection, which does not take another.
    const again = await returnDebit(january.id, {
      endToEndId: `${unpaid.number}-20270101`,
      reasonCode: 'AM04',
      returnedOn: '2027-02-05',
    });
    expect(again.status).toBe(409);
  });

  it.each(['AC04', 'AC06', 'MD07', 'SL01'])('revokes the mandate for %s too', async (reasonCode) => {
    clock.set('2027-02-03T09:00:00Z');
    const contract = await mandatedContract(api, { startDate: '2027-02-01' });
    clock.set('2027-02-18T09:00:00Z');
    const collection = (await createCollection(api, '2027-02-22')).body;
    expect(collection.dues).toContain(`${contract.number}-20270201`);
    clock.set('2027-02-24T09:00:00Z');

    const response = await returnDebit(collection.id, {
      endToEndId: `${contract.number}-20270201`,
      reasonCode,
      returnedOn: '2027-02-24',
    });

    expect(response.body.mandateRevoked).toBe(true);
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body.status).toBe('revoked');
  });
});
