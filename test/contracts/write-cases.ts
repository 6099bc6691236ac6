import { expect } from 'vitest';
import type { WriteCase, WriteFixtures } from '../support/write-case.ts';

/** The contracts area's write routes for test/http/exactly-once.test.ts, each with the state its change must leave exactly once. */
export const writeCases = ({
  api,
  png,
  get,
  newContact,
  newService,
  newContract,
  signedContract,
  terminatedContract,
  withdrawableContract,
  contractWithMandate,
  eventsOf,
  signBody,
  sequenceOf,
}: WriteFixtures): Record<string, WriteCase> => {
  // A signed contract of this year and a pause offered on it a week ahead (today, whatever the day, is within it).
  const pauseBody = () => {
    const from = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const lastDay = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
    return { kind: 'pause', effectiveFrom: from, lastDay, reason: 'holiday' };
  };
  const contractStartingToday = async () => {
    const { contract } = await newContract();
    const created = await api.request('POST', '/api/contracts', {
      body: {
        contactId: contract.contactId,
        items: [{ serviceId: contract.items[0].serviceId }],
        startDate: new Date().toISOString().slice(0, 10),
      },
    });
    const signed = await api.request('POST', `/api/contracts/${created.body.id}/signatures`, {
      body: signBody(created.body),
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    return signed.body;
  };
  const offeredPause = async () => {
    const contract = await contractStartingToday();
    const offered = await api.request('POST', `/api/contracts/${contract.id}/amendments`, { body: pauseBody() });
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    return { contract, amendment: offered.body };
  };
  const amendmentsOf = async (contractId: string) =>
    (await get(`/api/contracts/${contractId}/amendments`)).body.items as { status: string; version: number }[];

  return {
    'POST /api/contracts/:id/amendments': {
      prepare: async () => {
        const contract = await contractStartingToday();
        return {
          method: 'POST',
          path: `/api/contracts/${contract.id}/amendments`,
          body: pauseBody(),
          holdsOnce: async (response) => {
            expect(await amendmentsOf(contract.id)).toHaveLength(1);
            expect(await eventsOf('amendment.offered', response.body.id)).toHaveLength(1);
          },
          sameBut: ['number', 'amendmentHash', 'documentHash'],
        };
      },
    },
    'POST /api/contracts/:id/amendments/{amendmentId}/signature': {
      prepare: async () => {
        const { contract, amendment } = await offeredPause();
        return {
          method: 'POST',
          path: `/api/contracts/${contract.id}/amendments/${amendment.id}/signature`,
          body: { signerName: 'Ida Once', amendmentHash: amendment.amendmentHash, signatureImage: png, consent: true },
          holdsOnce: async () => {
            expect(await amendmentsOf(contract.id)).toEqual([
              expect.objectContaining({ status: 'agreed', version: 2 }),
            ]);
            const stored = (await get(`/api/contracts/${contract.id}`)).body;
            expect(stored.pauses).toHaveLength(1);
            expect(stored.version).toBe(contract.version + 1);
            expect(await eventsOf('amendment.agreed', amendment.id)).toHaveLength(1);
          },
          sameBut: ['number', 'amendmentHash', 'documentHash'],
        };
      },
    },
    'POST /api/contracts/:id/amendments/{amendmentId}/decline': {
      prepare: async () => {
        const { contract, amendment } = await offeredPause();
        return {
          method: 'POST',
          path: `/api/contracts/${contract.id}/amendments/${amendment.id}/decline`,
          body: {},
          holdsOnce: async () => {
            expect(await amendmentsOf(contract.id)).toEqual([
              expect.objectContaining({ status: 'declined', version: 2 }),
            ]);
            expect(await eventsOf('amendment.declined', amendment.id)).toHaveLength(1);
          },
          sameBut: ['number', 'amendmentHash', 'documentHash'],
        };
      },
    },
    'POST /api/contracts/:id/amendments/{amendmentId}/cancellation': {
      prepare: async () => {
        const { contract, amendment } = await offeredPause();
        return {
          method: 'POST',
          path: `/api/contracts/${contract.id}/amendments/${amendment.id}/cancellation`,
          body: { reason: 'Versehen' },
          holdsOnce: async () => {
            expect(await amendmentsOf(contract.id)).toEqual([
              expect.objectContaining({ status: 'cancelled', version: 2 }),
            ]);
            expect(await eventsOf('amendment.cancelled', amendment.id)).toHaveLength(1);
          },
          sameBut: ['number', 'amendmentHash', 'documentHash'],
        };
      },
    },
    'POST /api/contracts/:id/amendments/{amendmentId}/early-end': {
      prepare: async () => {
        const { contract, amendment } = await offeredPause();
        const signed = await api.request('POST', `/api/contracts/${contract.id}/amendments/${amendment.id}/signature`, {
          body: { signerName: 'Ida Once', amendmentHash: amendment.amendmentHash, signatureImage: png, consent: true },
        });
        expect(signed.status, JSON.stringify(signed.body)).toBe(201);
        const lastDay = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
        return {
          method: 'POST',
          path: `/api/contracts/${contract.id}/amendments/${amendment.id}/early-end`,
          body: { lastDay },
          holdsOnce: async () => {
            expect(await amendmentsOf(contract.id)).toEqual([expect.objectContaining({ version: 3 })]);
            expect((await get(`/api/contracts/${contract.id}`)).body.pauses[0].lastDay).toBe(lastDay);
            expect(await eventsOf('pause.ended-early', amendment.id)).toHaveLength(1);
          },
          sameBut: ['number', 'amendmentHash', 'documentHash'],
        };
      },
    },
    'POST /api/contracts': {
      prepare: async () => {
        const [contact, service] = await Promise.all([newContact(), newService()]);
        return {
          method: 'POST',
          path: '/api/contracts',
          body: { contactId: contact.id, items: [{ serviceId: service.id }], startDate: '2026-12-01' },
          holdsOnce: async (response) => {
            expect((await get(`/api/contracts?contactId=${contact.id}`)).body.items).toHaveLength(1);
            // Gap-free numbers: the next contract takes the very next number.
            const next = (await newContract()).contract;
            expect(sequenceOf(next.number)).toBe(sequenceOf(response.body.number) + 1);
          },
        };
      },
    },
    'POST /api/contracts/:id/signatures': {
      prepare: async () => {
        const { contract } = await newContract();
        return {
          method: 'POST',
          path: `/api/contracts/${contract.id}/signatures`,
          body: signBody(contract),
          holdsOnce: async () => {
            const stored = (await get(`/api/contracts/${contract.id}`)).body;
            expect(stored.signatures).toHaveLength(1);
            expect(stored.version).toBe(2);
          },
        };
      },
    },
    'POST /api/contracts/:id/cancellation': {
      prepare: async () => {
        const { contract } = await newContract();
        return {
          method: 'POST',
          path: `/api/contracts/${contract.id}/cancellation`,
          body: { reason: 'Umzug' },
          holdsOnce: async () => {
            const stored = (await get(`/api/contracts/${contract.id}`)).body;
            expect(stored.status).toBe('cancelled');
            expect(stored.version).toBe(2);
          },
        };
      },
    },
    'POST /api/contracts/:id/termination': {
      prepare: async () => {
        const contract = await signedContract();
        return {
          method: 'POST',
          path: `/api/contracts/${contract.id}/termination`,
          body: { reason: 'Umzug' },
          holdsOnce: async () => {
            const stored = (await get(`/api/contracts/${contract.id}`)).body;
            expect(stored.status).toBe('terminated');
            expect(stored.version).toBe(contract.version + 1);
          },
        };
      },
    },
    'POST /api/contracts/:id/withdrawal': {
      prepare: async () => {
        const contract = await withdrawableContract();
        return {
          method: 'POST',
          path: `/api/contracts/${contract.id}/withdrawal`,
          body: {},
          holdsOnce: async () => {
            const stored = (await get(`/api/contracts/${contract.id}`)).body;
            expect(stored.status).toBe('withdrawn');
            expect(stored.version).toBe(contract.version + 1);
            expect(await eventsOf('contract.withdrawn', contract.id)).toHaveLength(1);
          },
        };
      },
    },
    'DELETE /api/contracts/:id/termination': {
      prepare: async () => {
        const contract = await terminatedContract();
        return {
          method: 'DELETE',
          path: `/api/contracts/${contract.id}/termination`,
          holdsOnce: async () => {
            const stored = (await get(`/api/contracts/${contract.id}`)).body;
            expect(stored.status).toBe('signed');
            expect(stored.version).toBe(contract.version + 1);
          },
        };
      },
    },
    'POST /api/contracts/:id/mandates': {
      prepare: async () => {
        const withMandate = await contractWithMandate();
        const revoked = await api.request('POST', `/api/contracts/${withMandate.id}/mandate/revocation`, {
          body: { reason: 'Kontowechsel' },
        });
        expect(revoked.status).toBe(200);
        return {
          method: 'POST',
          path: `/api/contracts/${withMandate.id}/mandates`,
          body: { accountHolder: 'Ida Once', iban: 'DE02120300000000202051' },
          holdsOnce: async () => {
            const mandates = (await get(`/api/contracts/${withMandate.id}/mandates`)).body.items;
            expect(mandates.map((mandate: { reference: string }) => mandate.reference)).toEqual([
              `${withMandate.number}-1`,
              `${withMandate.number}-2`,
            ]);
          },
          sameBut: ['reference', 'text'],
        };
      },
    },
    'POST /api/contracts/:id/mandate/signature': {
      prepare: async () => {
        const withMandate = await contractWithMandate();
        return {
          method: 'POST',
          path: `/api/contracts/${withMandate.id}/mandate/signature`,
          body: {
            signerName: 'Ida Once',
            mandateHash: withMandate.mandate.mandateHash,
            signatureImage: png,
            consent: true,
          },
          holdsOnce: async () => {
            const mandates = (await get(`/api/contracts/${withMandate.id}/mandates`)).body.items;
            expect(mandates.map((mandate: { status: string }) => mandate.status)).toEqual(['active']);
            expect(await eventsOf('mandate.signed', withMandate.id)).toHaveLength(1);
          },
          // Each run signs the mandate of a new contract: its reference (and the text naming it) counts on with the number.
          sameBut: ['reference', 'text'],
        };
      },
    },
    'POST /api/contracts/:id/mandate/revocation': {
      prepare: async () => {
        const withMandate = await contractWithMandate();
        return {
          method: 'POST',
          path: `/api/contracts/${withMandate.id}/mandate/revocation`,
          body: { reason: 'Widerruf', revokedOn: '2026-11-20' },
          holdsOnce: async () => {
            expect((await get(`/api/contracts/${withMandate.id}/mandate`)).body).toMatchObject({
              status: 'revoked',
              revocationReason: 'Widerruf',
            });
            expect(await eventsOf('mandate.revoked', withMandate.id)).toHaveLength(1);
          },
          // Each run revokes the mandate of a new contract: its reference (and the text naming it) counts on with the number.
          sameBut: ['reference', 'text'],
        };
      },
    },
    'POST /api/contracts/:id/copies': {
      prepare: async () => {
        const contract = await signedContract();
        return {
          method: 'POST',
          path: `/api/contracts/${contract.id}/copies`,
          body: {},
          holdsOnce: async () => {
            expect((await get(`/api/contracts/${contract.id}`)).body.copies).toHaveLength(1);
          },
        };
      },
    },
  };
};
