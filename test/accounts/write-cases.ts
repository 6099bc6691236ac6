import { expect } from 'vitest';
import { todayIn } from '#shared/contracts/dates.ts';
import type { WriteCase, WriteFixtures } from '../support/write-case.ts';

/** The accounts area's write routes for test/http/exactly-once.test.ts: each books its one entry exactly once. */
export const writeCases = ({ get, signedContract, eventsOf }: WriteFixtures): Record<string, WriteCase> => {
  const booking = (
    path: string,
    kind: string,
    body: (today: string) => Record<string, unknown>,
    event?: string,
  ): WriteCase => ({
    prepare: async () => {
      const contract = await signedContract();
      return {
        method: 'POST',
        path: `/api/contracts/${contract.id}/account/${path}`,
        body: body(todayIn('Europe/Berlin')),
        holdsOnce: async (response) => {
          expect(response.status, JSON.stringify(response.body)).toBe(201);
          const account = (await get(`/api/contracts/${contract.id}/account`)).body;
          expect(account.entries.filter((entry: { kind: string }) => entry.kind === kind)).toHaveLength(1);
          const sum = account.entries.reduce(
            (total: number, entry: { amount: { amount: number } }) => total + entry.amount.amount,
            0,
          );
          expect(account.balance.amount).toBe(sum);
          if (event) expect(await eventsOf(event, contract.id)).toHaveLength(1);
        },
        // The dues booked before it depend on the day the run happens.
        sameBut: ['balance', 'entries', 'overdue'],
      };
    },
  });
  return {
    'POST /api/contracts/:id/account/payments': booking(
      'payments',
      'payment',
      (today) => ({ amount: { amount: 1234, currency: 'EUR' }, paidOn: today, method: 'card' }),
      'payment.recorded',
    ),
    'POST /api/contracts/:id/account/credits': booking('credits', 'credit', () => ({
      amount: { amount: 500, currency: 'EUR' },
      reason: 'Goodwill',
    })),
    'POST /api/contracts/:id/account/write-offs': booking('write-offs', 'write-off', () => ({
      amount: { amount: 300, currency: 'EUR' },
      reason: 'Too small to claim',
    })),
  };
};
