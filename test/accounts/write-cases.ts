import { expect } from 'vitest';
import { addDays, todayIn } from '#shared/contracts/dates.ts';
import { businessDayOnOrAfter } from '#shared/sepa/target2.ts';
import { studioProfile } from '../support/studio.ts';
import type { WriteCase, WriteFixtures } from '../support/write-case.ts';

const sepa = { creditorId: 'DE98ZZZ09999999999', iban: 'DE02120300000000202051' };

/** The accounts area's write routes for test/http/exactly-once.test.ts: each books its one entry exactly once. */
export const writeCases = ({
  api,
  get,
  post,
  newContact,
  newService,
  signBody,
  signedContract,
  eventsOf,
}: WriteFixtures): Record<string, WriteCase> => {
  /**
   * A contract whose first due came back (MD06, so it is not collected again): overdue, as a reminder needs it.
   * The contract, its signing and the collection happen with the clock 40 days back, the return on the real clock.
   */
  const overdueContract = async (
    daysBack = 40,
    steps: (collectionDate: string, contractId: string) => Promise<void> = async () => {},
  ) => {
    const today = todayIn('Europe/Berlin');
    const past = addDays(today, -daysBack);
    const collectionDate = businessDayOnOrAfter(addDays(past, 20));
    const realClock = process.env.STUDIO_CLOCK;
    process.env.STUDIO_CLOCK = `${past}T09:00:00Z`;
    let contract: { id: string; number: string; documentHash: string };
    let collection: { id: string };
    try {
      expect((await api.request('PUT', '/api/studio', { body: { ...studioProfile, sepa } })).status).toBe(200);
      const [contact, service] = await Promise.all([newContact(), newService()]);
      contract = await post('/api/contracts', {
        contactId: contact.id,
        items: [{ serviceId: service.id }],
        startDate: past,
        directDebit: { accountHolder: 'Ida Once', iban: 'DE89370400440532013000' },
      });
      await post(`/api/contracts/${contract.id}/signatures`, signBody(contract));
      const mandate = (await get(`/api/contracts/${contract.id}/mandate`)).body;
      await post(`/api/contracts/${contract.id}/mandate/signature`, {
        signerName: 'Ida Once',
        mandateHash: mandate.mandateHash,
        signatureImage: signBody(contract).signatureImage,
        consent: true,
      });
      collection = await post('/api/collections', { collectionDate });
    } finally {
      if (realClock === undefined) delete process.env.STUDIO_CLOCK;
      else process.env.STUDIO_CLOCK = realClock;
    }
    await post(`/api/collections/${collection.id}/returns`, {
      endToEndId: `${contract.number}-${past.replaceAll('-', '')}`,
      reasonCode: 'MD06',
      returnedOn: collectionDate,
    });
    await steps(collectionDate, contract.id);
    return contract;
  };
  /** An overdue contract reminded twice, 14 days apart, the Mahnung's deadline past: ready to hand over. */
  const mahnedContract = () =>
    overdueContract(80, async (collectionDate, id) => {
      const realClock = process.env.STUDIO_CLOCK;
      try {
        for (const day of [1, 15]) {
          process.env.STUDIO_CLOCK = `${addDays(collectionDate, day)}T09:00:00Z`;
          await post(`/api/contracts/${id}/account/reminders`, undefined);
        }
      } finally {
        if (realClock === undefined) delete process.env.STUDIO_CLOCK;
        else process.env.STUDIO_CLOCK = realClock;
      }
    });

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
    'POST /api/contracts/:id/account/reminders': {
      prepare: async () => {
        const contract = await overdueContract();
        return {
          method: 'POST',
          path: `/api/contracts/${contract.id}/account/reminders`,
          holdsOnce: async (response) => {
            expect(response.status, JSON.stringify(response.body)).toBe(201);
            expect(response.body).toMatchObject({ number: 1, level: 1, account: { dunningLevel: 1 } });
            expect(await eventsOf('reminder.sent', contract.id)).toHaveLength(1);
            const account = (await get(`/api/contracts/${contract.id}/account`)).body;
            expect(account.dunningLevel).toBe(1);
            expect(account.entries.filter((entry: { kind: string }) => entry.kind === 'reminder-fee')).toEqual([]);
          },
          // Each run reminds its own contract, of its own due on its own days.
          sameBut: ['contractId', 'sentOn', 'deadline', 'items', 'total', 'account'],
        };
      },
    },
    'POST /api/contracts/:id/account/handover': {
      prepare: async () => {
        const contract = await mahnedContract();
        return {
          method: 'POST',
          path: `/api/contracts/${contract.id}/account/handover`,
          holdsOnce: async (response) => {
            expect(response.status, JSON.stringify(response.body)).toBe(201);
            expect(await eventsOf('account.handed-over', contract.id)).toHaveLength(1);
            const account = (await get(`/api/contracts/${contract.id}/account`)).body;
            expect(account).toMatchObject({ dunningLevel: 3, inCollection: true });
            const listed = (await get('/api/debt-collection')).body.items.filter(
              (entry: { contractId: string }) => entry.contractId === contract.id,
            );
            expect(listed).toHaveLength(1);
          },
          sameBut: ['contractId', 'contractNumber', 'contactId', 'handedOverOn', 'items', 'total', 'account'],
        };
      },
    },
    'POST /api/contracts/:id/account/handover/closure': {
      prepare: async () => {
        const contract = await mahnedContract();
        await post(`/api/contracts/${contract.id}/account/handover`, undefined);
        return {
          method: 'POST',
          path: `/api/contracts/${contract.id}/account/handover/closure`,
          body: { outcome: 'partly-paid', paidAmount: { amount: 1000, currency: 'EUR' } },
          holdsOnce: async (response) => {
            expect(response.status, JSON.stringify(response.body)).toBe(201);
            const account = (await get(`/api/contracts/${contract.id}/account`)).body;
            expect(account.inCollection).toBe(false);
            expect(account.entries.filter((entry: { kind: string }) => entry.kind === 'payment')).toHaveLength(1);
          },
          sameBut: [
            'contractId',
            'contractNumber',
            'contactId',
            'handedOverOn',
            'closedOn',
            'items',
            'total',
            'account',
          ],
        };
      },
    },
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
