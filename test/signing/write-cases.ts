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
  signBody,
}: WriteFixtures): Record<string, WriteCase> => {
  /** An offered pause a week ahead on a contract signed and started today, and a counter session for it. */
  const amendmentSession = async () => {
    const { contract } = await newContract();
    const today = new Date().toISOString().slice(0, 10);
    const started = (
      await api.request('POST', '/api/contracts', {
        body: { contactId: contract.contactId, items: [{ serviceId: contract.items[0].serviceId }], startDate: today },
      })
    ).body;
    const signed = await api.request('POST', `/api/contracts/${started.id}/signatures`, { body: signBody(started) });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const offered = await api.request('POST', `/api/contracts/${started.id}/amendments`, {
      body: { kind: 'pause', effectiveFrom: day(7), lastDay: day(13), reason: 'holiday' },
    });
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    const session = await api.request('POST', `/api/contracts/${started.id}/signing-sessions`, {
      body: { amendmentId: offered.body.id },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const headers = { authorization: `Signing ${tokenOf(session.body)}` };
    const amendments = async () => (await get(`/api/contracts/${started.id}/amendments`)).body.items;
    return { contract: started, amendment: offered.body, headers, amendments };
  };
  return {
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
    'POST /api/signing/amendment': {
      prepare: async () => {
        const { amendment, headers, amendments } = await amendmentSession();
        return {
          method: 'POST',
          path: '/api/signing/amendment',
          as: null,
          body: { signerName: 'Ida Once', signatureImage: png, consent: true, amendmentHash: amendment.amendmentHash },
          headers,
          holdsOnce: async () => {
            expect(
              (await amendments()).map((one: { status: string; version: number }) => [one.status, one.version]),
            ).toEqual([['agreed', 2]]);
            expect(await eventsOf('amendment.agreed', amendment.id)).toHaveLength(1);
            // The decision spent the token: the page's view is closed to it.
            expect((await api.request('GET', '/api/signing', { as: null, headers })).status).toBe(401);
          },
          sameBut: ['number', 'amendmentHash', 'documentHash', 'effectiveFrom', 'lastDay', 'offerExpiresOn'],
        };
      },
    },
    'POST /api/signing/amendment/decline': {
      prepare: async () => {
        const { amendment, headers, amendments } = await amendmentSession();
        return {
          method: 'POST',
          path: '/api/signing/amendment/decline',
          as: null,
          body: {},
          headers,
          holdsOnce: async () => {
            expect(
              (await amendments()).map((one: { status: string; version: number }) => [one.status, one.version]),
            ).toEqual([['declined', 2]]);
            expect(await eventsOf('amendment.declined', amendment.id)).toHaveLength(1);
            expect((await api.request('GET', '/api/signing', { as: null, headers })).status).toBe(401);
          },
          sameBut: ['number', 'amendmentHash', 'documentHash', 'effectiveFrom', 'lastDay', 'offerExpiresOn'],
        };
      },
    },
  };
};
