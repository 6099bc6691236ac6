import { beforeAll, describe, expect, it } from 'vitest';
import { createCollection, mandatedContract, sepaStudio } from '../collections/support.ts';
import { useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';

// The member's account (docs/accounts.md): dues booked when their day comes, payments, credits and write-offs.
const api = useApi();
const clock = useClock();

type Entry = { id: string; kind: string; amount: { amount: number }; bookedOn: string; dueId: string | null };
type Account = { balance: { amount: number }; overdue: { amount: number }; entries: Entry[] };

let contract: { id: string; number: string };

beforeAll(async () => {
  process.env.STUDIO_CLOCK = '2027-01-04T09:00:00Z';
  await sepaStudio(api);
  contract = await mandatedContract(api);
  process.env.STUDIO_CLOCK = '2027-01-05T09:00:00Z';
  expect((await createCollection(api, '2027-01-19')).status).toBe(201);
  delete process.env.STUDIO_CLOCK;
});

const account = async (id = contract.id): Promise<Account> => {
  const response = await api.request('GET', `/api/contracts/${id}/account`, { as: 'staff' });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const sumOf = (entries: Entry[]) => entries.reduce((sum, entry) => sum + entry.amount.amount, 0);
const pay = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api.request('POST', `/api/contracts/${contract.id}/account/payments`, { body, headers, as: 'staff' });
const payment = { amount: { amount: 1000, currency: 'EUR' }, paidOn: '2027-01-20', method: 'cash', reference: 'Q-1' };

describe('GET /api/contracts/:id/account', () => {
  it('books the due whose day has come and the debit that collected it, once however often it is read', async () => {
    clock.set('2027-01-20T09:00:00Z');

    const first = await account();
    const again = await account();

    expect(first.entries.map((entry) => [entry.kind, entry.amount.amount, entry.bookedOn])).toEqual([
      ['due', 4900, '2027-01-01'],
      ['debit', -4900, '2027-01-19'],
    ]);
    expect(again).toEqual(first);
    expect(first).toMatchObject({
      balance: { amount: 0 },
      overdue: { amount: 0 },
      dunningLevel: 0,
      inCollection: false,
    });
  });

  it('answers 404 for an unknown contract', async () => {
    const response = await api.request('GET', '/api/contracts/01JD0000000000000000000000/account');
    expect(response.status).toBe(404);
  });
});

describe('POST /api/contracts/:id/account/payments', () => {
  it.each([
    ['an amount of 0', { amount: { amount: 0, currency: 'EUR' } }, 'amount.amount'],
    ['a negative amount', { amount: { amount: -5, currency: 'EUR' } }, 'amount.amount'],
    ['another currency', { amount: { amount: 500, currency: 'USD' } }, 'amount.currency'],
    ['a day after today', { paidOn: '2027-01-21' }, 'paidOn'],
    ['a day that does not exist', { paidOn: '2027-02-30' }, 'paidOn'],
    ['an unknown method', { method: 'cheque' }, 'method'],
    ['a reference over 140 characters', { reference: 'x'.repeat(141) }, 'reference'],
  ])('refuses %s with a 400 naming the field, booking nothing', async (_what, change, path) => {
    clock.set('2027-01-20T09:00:00Z');
    const before = await account();

    const response = await pay({ ...payment, ...change });

    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    expect(await account()).toEqual(before);
  });

  it('books the payment once under a retried Idempotency-Key; the surplus is credit on the contract too', async () => {
    clock.set('2027-01-20T10:00:00Z');
    const headers = { 'idempotency-key': `pay-${contract.id}` };

    const first = await pay(payment, headers);
    const replay = await pay(payment, headers);

    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const now = await account();
    expect(now.entries.filter((entry) => entry.kind === 'payment')).toHaveLength(1);
    expect(now.balance.amount).toBe(sumOf(now.entries));
    expect(now.balance.amount).toBe(-1000);
    const shown = (await api.request('GET', `/api/contracts/${contract.id}`)).body;
    expect(shown.account).toEqual({
      balance: { amount: -1000, currency: 'EUR' },
      overdue: { amount: 0, currency: 'EUR' },
      dunningLevel: 0,
      inCollection: false,
    });
    const listed = (await api.request('GET', '/api/contracts?limit=100')).body.items.find(
      (item: { id: string }) => item.id === contract.id,
    );
    expect(listed.account.balance.amount).toBe(-1000);
    const events = (await api.request('GET', '/api/events?type=payment.recorded&limit=100')).body.items;
    expect(events.filter((event: { data: { id: string } }) => event.data.id === contract.id)).toHaveLength(1);
  });
});

describe('credits and write-offs', () => {
  it('are the owner’s: staff get 403 and nothing is booked', async () => {
    clock.set('2027-01-20T11:00:00Z');
    const before = await account();
    const body = { amount: { amount: 500, currency: 'EUR' }, reason: 'Goodwill' };

    const credit = await api.request('POST', `/api/contracts/${contract.id}/account/credits`, { body, as: 'staff' });
    const writeOff = await api.request('POST', `/api/contracts/${contract.id}/account/write-offs`, {
      body,
      as: 'staff',
    });

    expect([credit.status, writeOff.status]).toEqual([403, 403]);
    expect(await account()).toEqual(before);
  });

  it('book a negative entry with the reason, dated today', async () => {
    clock.set('2027-01-20T11:00:00Z');
    const body = { amount: { amount: 500, currency: 'EUR' }, reason: 'Goodwill' };

    const response = await api.request('POST', `/api/contracts/${contract.id}/account/credits`, { body });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/contracts/${contract.id}/account`);
    const credit = response.body.entries.find((entry: Entry) => entry.kind === 'credit');
    expect(credit).toMatchObject({ bookedOn: '2027-01-20', amount: { amount: -500 }, text: 'Gutschrift: Goodwill' });
    expect(response.body.balance.amount).toBe(sumOf(response.body.entries));
  });

  it('refuses a missing reason with a 400 naming it', async () => {
    const response = await api.request('POST', `/api/contracts/${contract.id}/account/write-offs`, {
      body: { amount: { amount: 500, currency: 'EUR' } },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual(['reason']);
  });
});
