import { join } from 'node:path';
import { expect } from 'vitest';
import { theLinkMailedTo } from '../support/remote-signing.ts';
import type { WriteCase, WriteFixtures } from '../support/write-case.ts';

/** The signing area's write routes for test/http/exactly-once.test.ts, each with the state its change must leave exactly once. */
export const writeCases = ({
  api,
  png,
  get,
  newContract,
  contractWithMandate,
  eventsOf,
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
  'POST /api/contracts/:id/signing-sessions (remote)': {
    prepare: async () => {
      const { contract, contact } = await newContract();
      return {
        method: 'POST',
        path: `/api/contracts/${contract.id}/signing-sessions`,
        body: { channel: 'remote' },
        holdsOnce: async (response) => {
          expect(response.body).not.toHaveProperty('url');
          // One mail, and its link the current one: a second opening would have mailed again and ended the first.
          const outbox = join(process.env.DATA_DIR as string, 'outbox');
          const { url } = await theLinkMailedTo(outbox, contact.email);
          const view = await api.request('GET', '/api/signing', {
            as: null,
            headers: { authorization: `Signing ${url.hash.slice(1)}` },
          });
          expect(view.status).toBe(200);
          expect(view.body.contract.id).toBe(contract.id);
        },
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
  'POST /api/signing/mandate': {
    prepare: async () => {
      const withMandate = await contractWithMandate();
      const token = tokenOf(await openSession(withMandate.id));
      const headers = { authorization: `Signing ${token}` };
      const signature = { signerName: 'Ida Once', signatureImage: png, consent: true };
      const contractStep = await api.request('POST', '/api/signing', {
        as: null,
        headers,
        body: { ...signature, documentHash: withMandate.documentHash },
      });
      expect(contractStep.status).toBe(201);
      return {
        method: 'POST',
        path: '/api/signing/mandate',
        as: null,
        body: { ...signature, mandateHash: withMandate.mandate.mandateHash },
        headers,
        holdsOnce: async () => {
          const mandates = (await get(`/api/contracts/${withMandate.id}/mandates`)).body.items;
          expect(mandates.map((mandate: { status: string }) => mandate.status)).toEqual(['active']);
          expect(await eventsOf('mandate.signed', withMandate.id)).toHaveLength(1);
          // The last step spent the token: the copy is open to it, a further step is not.
          expect((await api.request('GET', '/api/signing', { as: null, headers })).status).toBe(401);
        },
        // Each run signs the mandate of a new contract: its reference (and the text naming it) counts on with the number.
        sameBut: ['reference', 'text'],
      };
    },
  },
});
