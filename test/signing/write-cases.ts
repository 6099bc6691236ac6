import { expect } from 'vitest';
import type { WriteCase, WriteFixtures } from '../support/write-case.ts';

/** The signing area's write routes for test/http/exactly-once.test.ts, each with the state its change must leave exactly once. */
export const writeCases = ({
  api,
  png,
  get,
  newContract,
  openSession,
  tokenOf,
}: WriteFixtures): Record<string, WriteCase> => ({
  'POST /api/contracts/:id/signing-sessions': {
    prepare: async () => {
      const { contract } = await newContract();
      return {
        method: 'POST',
        path: `/api/contracts/${contract.id}/signing-sessions`,
        body: {},
        holdsOnce: async (response) => {
          // Opening a session ends the contract's current one: were it opened twice, the answered link would be dead.
          const view = await api.request('GET', '/api/signing', {
            as: null,
            headers: { authorization: `Signing ${tokenOf(response.body)}` },
          });
          expect(view.status).toBe(200);
          expect(view.body.contract.id).toBe(contract.id);
        },
        // A new link (and so its QR code) every run, as the one-time token is new.
        sameBut: ['url', 'qrCodeSvg'],
      };
    },
  },
  'POST /api/signing': {
    prepare: async () => {
      const { contract } = await newContract();
      const token = tokenOf(await openSession(contract.id));
      return {
        method: 'POST',
        path: '/api/signing',
        as: null,
        body: { signerName: 'Ida Once', signatureImage: png, consent: true, documentHash: contract.documentHash },
        headers: { authorization: `Signing ${token}` },
        holdsOnce: async () => {
          const stored = (await get(`/api/contracts/${contract.id}`)).body;
          expect(stored.signatures).toHaveLength(1);
          expect(stored.version).toBe(2);
        },
      };
    },
  },
});
