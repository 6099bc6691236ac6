import { expect } from 'vitest';
import { type ApiResponse, type TestApi, unique } from '../support/api.ts';
import { signaturePng } from '../support/images.ts';
import { putStudioProfile, studioProfile } from '../support/studio.ts';

/** The studio as a SEPA creditor with `preNotificationDays` (docs/collections.md). */
export const sepaStudio = (api: TestApi, preNotificationDays = 14) =>
  putStudioProfile(api, {
    ...studioProfile,
    sepa: { creditorId: 'DE98ZZZ09999999999', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', preNotificationDays },
  });

export interface MandatedContractOptions {
  startDate?: string;
  billingInterval?: 'week' | 'month' | 'once';
  amount?: number;
  iban?: string;
  accountHolder?: string;
}

const ok = (response: ApiResponse, status = 201) => {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
};

/** Signs the contract's current mandate. */
export const signMandate = async (api: TestApi, contractId: string) => {
  const mandate = ok(await api.request('GET', `/api/contracts/${contractId}/mandate`), 200);
  return ok(
    await api.request('POST', `/api/contracts/${contractId}/mandate/signature`, {
      body: { signerName: 'Jörg Weiß', mandateHash: mandate.mandateHash, signatureImage: signaturePng, consent: true },
    }),
  );
};

/** A contract with a direct debit, signed by the customer, its mandate signed: collectable once pre-notified. */
export const mandatedContract = async (api: TestApi, options: MandatedContractOptions = {}) => {
  const contact = ok(
    // With an email address: a returned due is collected again only after its Vorabankündigung is mailed.
    await api.request('POST', '/api/contacts', {
      body: { firstName: 'Jörg', lastName: unique('W'), email: `${unique('joerg')}@example.com` },
    }),
  );
  const service = ok(
    await api.request('POST', '/api/services', {
      body: {
        name: unique('Mitgliedschaft '),
        price: { amount: options.amount ?? 4900, currency: 'EUR' },
        billingInterval: options.billingInterval ?? 'month',
      },
    }),
  );
  const contract = ok(
    await api.request('POST', '/api/contracts', {
      body: {
        contactId: contact.id,
        items: [{ serviceId: service.id }],
        startDate: options.startDate ?? '2027-01-01',
        directDebit: {
          accountHolder: options.accountHolder ?? 'Jörg Weiß',
          iban: options.iban ?? 'DE89370400440532013000',
        },
      },
    }),
  );
  const signed = ok(
    await api.request('POST', `/api/contracts/${contract.id}/signatures`, {
      body: {
        role: 'customer',
        signerName: 'Jörg Weiß',
        documentHash: contract.documentHash,
        signatureImage: signaturePng,
        consent: true,
      },
    }),
  );
  await signMandate(api, contract.id);
  return signed as { id: string; number: string };
};

export const createCollection = (api: TestApi, collectionDate: string, headers: Record<string, string> = {}) =>
  api.request('POST', '/api/collections', { body: { collectionDate }, headers });

/** Every collection, following `nextCursor` to the end. */
export const allCollections = async (api: TestApi) => {
  const items: Array<{ id: string; status: string; dues: string[]; count: number }> = [];
  for (let cursor: string | null = null; ; ) {
    const page: ApiResponse = await api.request(
      'GET',
      `/api/collections?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
    if (!cursor) return items;
  }
};

export const duesOfContract = async (api: TestApi, contractId: string, to = '2027-12-31') =>
  ok(await api.request('GET', `/api/contracts/${contractId}/dues?to=${to}`), 200).items as Array<{
    id: string;
    status: string;
    collectionId: string | null;
    returnedOn: string | null;
    returnReason: string | null;
    preNotifiedOn: string | null;
  }>;

export { at, childrenNamed, ensureXmllint, parseXml, validateFile, type XmlElement } from '../support/pain008.ts';
