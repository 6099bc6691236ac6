import { randomBytes } from 'node:crypto';
import { contactBody, contractBody, serviceBody, signatureBody } from './bodies.ts';
import { callRoute } from './handlers.ts';

let counter = 0;
const runTag = randomBytes(3).toString('hex');
/** A tag no other record of this run has: unique emails and names. */
export const nextTag = (): string => `B${runTag}${(counter++).toString(36).padStart(5, '0')}`;

/**
 * Runs `work` with the handlers pointed at `table`. Handlers read TABLE_NAME on
 * every call, so the bench can keep two tables (100 and 20,000 contacts) side
 * by side and alternate between them.
 */
export const withTable = async <T>(table: string, work: () => Promise<T>): Promise<T> => {
  const previous = process.env.TABLE_NAME;
  process.env.TABLE_NAME = table;
  try {
    return await work();
  } finally {
    process.env.TABLE_NAME = previous;
  }
};

export interface CreatedContract {
  id: string;
  documentHash: string;
}

/** The records the scenarios of one table read and write, made through the handlers themselves. */
export interface Fixtures {
  table: string;
  contactId: string;
  replaceContact: { id: string; body: ReturnType<typeof contactBody> };
  serviceId: string;
  replaceService: { id: string; body: ReturnType<typeof serviceBody> };
  contractBody: ReturnType<typeof contractBody>;
  signedContractId: string;
  /** A new contact, for a request that deletes it. */
  freshContact(): Promise<string>;
  /** A new pending contract, for a request that signs or cancels it. */
  freshContract(): Promise<CreatedContract>;
}

const createContact = async () => (await callRoute('contacts-create', { body: contactBody(nextTag()) })).id as string;

/** Creates the fixtures in `table`; `lists` services and contracts so that a list page is full. */
export const createFixtures = (table: string, lists = 30): Promise<Fixtures> =>
  withTable(table, async () => {
    const replaceBody = contactBody(nextTag());
    const replaceContactId = (await callRoute('contacts-create', { body: replaceBody })).id as string;
    const contactId = await createContact();
    // Replaced with its own fields: a rename would move its index entries, which costs more than a plain replace.
    const replaceServiceBody = serviceBody(nextTag());
    const replaceServiceId = (await callRoute('services-create', { body: replaceServiceBody })).id as string;
    const serviceId = (await callRoute('services-create', { body: serviceBody(nextTag()) })).id as string;
    for (let i = 2; i < lists; i++) await callRoute('services-create', { body: serviceBody(nextTag()) });
    const contracts = contractBody(contactId, serviceId);
    const freshContract = () =>
      withTable(table, async () => {
        const { id, documentHash } = await callRoute('contracts-create', { body: contracts });
        return { id, documentHash } as CreatedContract;
      });
    for (let i = 1; i < lists; i++) await freshContract();
    const signed = await freshContract();
    await callRoute('contracts-sign', { id: signed.id, body: signatureBody(signed.documentHash) });
    return {
      table,
      contactId,
      replaceContact: { id: replaceContactId, body: replaceBody },
      serviceId,
      replaceService: { id: replaceServiceId, body: replaceServiceBody },
      contractBody: contracts,
      signedContractId: signed.id,
      freshContact: () => withTable(table, createContact),
      freshContract,
    };
  });
