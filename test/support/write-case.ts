import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { areas } from '#shared/areas.ts';
import { repositoryRoot } from '../../infra/local/handler-loader.ts';
import { type ApiResponse, type TestApi, unique } from './api.ts';
import { signaturePng } from './images.ts';
import { studioProfile } from './studio.ts';
import { grantWithdrawalRight } from './withdrawal-right.ts';

// A direct debit needs the studio as a SEPA creditor; not copied into contracts, so the other cases see no change.
const sepa = { creditorId: 'DE98ZZZ09999999999', iban: 'DE02120300000000202051' };

/**
 * One write route's case in test/http/exactly-once.test.ts: each area lists its cases in
 * `test/<area>/write-cases.ts` (`writeCases(fixtures)`), which the test loads by the area's name and holds
 * to a case for every route that changes data.
 */
export interface WriteCase {
  /** The request, on records made fault-free beforehand. */
  prepare(): Promise<{
    method: string;
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
    /** Who asks: staff by default, nobody for the customer's tablet (its token is a header). */
    as?: null;
    /** The table holds exactly one application of the change. */
    holdsOnce(response: ApiResponse): Promise<void>;
    /** What may differ between two runs besides ids, times and generated names. */
    sameBut?: readonly string[];
  }>;
}

/** The records a case prepares its request on, made fault-free through the API. */
export const writeFixtures = (api: TestApi) => {
  const png = signaturePng;
  const get = (path: string) => api.request('GET', path);
  const post = async (path: string, body: unknown) => {
    const response = await api.request('POST', path, { body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };

  const newContact = (email = true) =>
    post('/api/contacts', {
      firstName: 'Ida',
      lastName: unique('Once'),
      ...(email ? { email: `${unique('ida')}@example.com` } : {}),
    });
  const newService = () => post('/api/services', { name: unique('Yoga '), price: { amount: 4900, currency: 'EUR' } });
  const newContract = async () => {
    const [contact, service] = await Promise.all([newContact(), newService()]);
    const contract = await post('/api/contracts', {
      contactId: contact.id,
      items: [{ serviceId: service.id }],
      startDate: '2026-12-01',
    });
    return { contact, service, contract };
  };
  const signedContract = async () => {
    const { contract } = await newContract();
    const signed = await post(`/api/contracts/${contract.id}/signatures`, signBody(contract));
    return signed;
  };
  const terminatedContract = async () => {
    const contract = await signedContract();
    const response = await api.request('POST', `/api/contracts/${contract.id}/termination`, { body: {} });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  /** A signed contract with the right of withdrawal a remote signing gives (until remote signing exists). */
  const withdrawableContract = async () => {
    const contract = await signedContract();
    return { ...contract, withdrawal: await grantWithdrawalRight(contract) };
  };
  /** A new contract with a pending mandate, of the studio as a SEPA creditor (set again each time, as other cases change the profile). */
  const contractWithMandate = async () => {
    expect((await api.request('PUT', '/api/studio', { body: { ...studioProfile, sepa } })).status).toBe(200);
    const { contract } = await newContract();
    return post('/api/contracts', {
      contactId: contract.contactId,
      items: [{ serviceId: contract.items[0].serviceId }],
      startDate: '2026-12-01',
      directDebit: { accountHolder: 'Ida Once', iban: 'DE89370400440532013000' },
    });
  };
  const eventsOf = async (type: string, contractId: string) =>
    (await get(`/api/events?type=${type}&limit=100`)).body.items.filter(
      (event: { data: { id: string } }) => event.data.id === contractId,
    );
  const newWebhook = () => post('/api/webhooks', { url: `http://127.0.0.1:9/${unique('hooks')}`, types: ['*'] });
  const openSession = (contractId: string) => post(`/api/contracts/${contractId}/signing-sessions`, {});
  /** The token of a session's link: what the tablet page reads from the fragment. */
  const tokenOf = (session: { url: string }) => new URL(session.url).hash.slice(1);
  const signBody = (contract: { documentHash: string }) => ({
    role: 'customer',
    signerName: 'Ida Once',
    documentHash: contract.documentHash,
    signatureImage: png,
    consent: true,
  });
  const sequenceOf = (number: string) => Number(number.split('-')[1]);

  const newContactWithEmail = async (email: string) => {
    const response = await api.request('POST', '/api/contacts', {
      body: { firstName: 'Eve', lastName: 'Next', email },
    });
    expect(response.status).toBe(201);
  };

  const countServicesNamed = async (name: string) => {
    let count = 0;
    for (let cursor: string | null = null; ; ) {
      const page: ApiResponse = await get(`/api/services?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      count += page.body.items.filter((service: { name: string }) => service.name === name).length;
      cursor = page.body.nextCursor;
      if (!cursor) return count;
    }
  };
  return {
    api,
    png,
    get,
    post,
    newContact,
    newService,
    newContract,
    signedContract,
    terminatedContract,
    withdrawableContract,
    contractWithMandate,
    eventsOf,
    newWebhook,
    openSession,
    tokenOf,
    signBody,
    sequenceOf,
    newContactWithEmail,
    countServicesNamed,
  };
};

export type WriteFixtures = ReturnType<typeof writeFixtures>;

/**
 * Every write route's case, from the areas' `test/<area>/write-cases.ts` by the area's name, keyed
 * `<METHOD> <path> …` (test/http/exactly-once.test.ts holds them to a case for every route that changes data).
 */
export const areaWriteCases = async (fixtures: WriteFixtures): Promise<Record<string, WriteCase>> =>
  Object.assign(
    {},
    ...(await Promise.all(
      areas
        .filter(({ name }) => existsSync(join(repositoryRoot, 'test', name, 'write-cases.ts')))
        .map(async ({ name }) => {
          const module = (await import(/* @vite-ignore */ `../${name}/write-cases.ts`)) as {
            writeCases: (fixtures: WriteFixtures) => Record<string, WriteCase>;
          };
          return module.writeCases(fixtures);
        }),
    )),
  );
