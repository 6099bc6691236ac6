import { expect } from 'vitest';
import { addDays, todayIn } from '#shared/contracts/dates.ts';
import { businessDayOnOrAfter } from '#shared/sepa/target2.ts';
import { studioProfile } from '../support/studio.ts';
import type { WriteCase, WriteFixtures } from '../support/write-case.ts';

/** The collections area's write routes for test/http/exactly-once.test.ts, each with the state its change must leave exactly once. */
const sepa = { creditorId: 'DE98ZZZ09999999999', iban: 'DE02120300000000202051' };

export const writeCases = ({
  api,
  post,
  get,
  newContact,
  newService,
  signBody,
}: WriteFixtures): Record<string, WriteCase> => {
  // This test runs on the real clock: a contract starting today, signed today, is collectable 14 days on.
  const today = todayIn('Europe/Berlin');
  const collectionDate = businessDayOnOrAfter(addDays(today, 20));

  /** A signed contract whose signed mandate makes its first due collectable on `collectionDate`. */
  const collectableContract = async (startDate = today) => {
    expect((await api.request('PUT', '/api/studio', { body: { ...studioProfile, sepa } })).status).toBe(200);
    const [contact, service] = await Promise.all([newContact(), newService()]);
    const contract = await post('/api/contracts', {
      contactId: contact.id,
      items: [{ serviceId: service.id }],
      startDate,
      directDebit: { accountHolder: 'Ida Once', iban: 'DE89370400440532013000' },
    });
    await post(`/api/contracts/${contract.id}/signatures`, signBody(contract));
    await post(`/api/contracts/${contract.id}/mandate/signature`, {
      signerName: 'Ida Once',
      mandateHash: contract.mandate.mandateHash,
      signatureImage: signBody(contract).signatureImage,
      consent: true,
    });
    return { id: contract.id as string, dueId: `${contract.number}-${startDate.replaceAll('-', '')}` };
  };
  /** Every collection that holds the due. */
  const collectionsHolding = async (dueId: string) =>
    (await get('/api/collections?limit=100')).body.items.filter((collection: { dues: string[] }) =>
      collection.dues.includes(dueId),
    );

  return {
    'POST /api/collections': {
      prepare: async () => {
        const contract = await collectableContract();
        return {
          method: 'POST',
          path: '/api/collections',
          body: { collectionDate },
          holdsOnce: async (response) => {
            expect(response.status).toBe(201);
            expect(await collectionsHolding(contract.dueId)).toHaveLength(1);
            const dues = (await get(`/api/contracts/${contract.id}/dues?to=${today}`)).body.items;
            expect(dues.map((due: { status: string; collectionId: string }) => [due.status, due.collectionId])).toEqual(
              [['collected', response.body.id]],
            );
          },
          // Each run gathers its own contract's due, and any due a return case before it gave back.
          sameBut: ['count', 'total', 'dues'],
        };
      },
    },
    'POST /api/collections/:id/returns': {
      prepare: async () => {
        // A bank returns a debit after its collection date, never before today: the contract, its signing and the
        // collection happen with the clock 40 days back, the return on the real clock.
        const past = addDays(today, -40);
        const pastCollectionDate = businessDayOnOrAfter(addDays(past, 20));
        const realClock = process.env.STUDIO_CLOCK;
        process.env.STUDIO_CLOCK = `${past}T09:00:00Z`;
        let contract: Awaited<ReturnType<typeof collectableContract>>;
        let collection: { id: string };
        try {
          contract = await collectableContract(past);
          collection = await post('/api/collections', { collectionDate: pastCollectionDate });
        } finally {
          if (realClock === undefined) delete process.env.STUDIO_CLOCK;
          else process.env.STUDIO_CLOCK = realClock;
        }
        return {
          method: 'POST',
          path: `/api/collections/${collection.id}/returns`,
          body: { endToEndId: contract.dueId, reasonCode: 'AM04', returnedOn: pastCollectionDate },
          holdsOnce: async () => {
            const dues = (await get(`/api/contracts/${contract.id}/dues?to=${today}`)).body.items;
            expect(dues.map((due: { status: string; returnReason: string }) => [due.status, due.returnReason])).toEqual(
              [['returned', 'AM04']],
            );
            const events = (await get('/api/events?type=due.returned&limit=100')).body.items.filter(
              (event: { data: { id: string } }) => event.data.id === contract.id,
            );
            expect(events).toHaveLength(1);
          },
          sameBut: ['endToEndId'],
        };
      },
    },
  };
};
