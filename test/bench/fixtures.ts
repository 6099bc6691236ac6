import { randomBytes } from 'node:crypto';
import { sampleContractId } from '#shared/contracts/area.ts';
import type { CalendarDate } from '#shared/contracts/dates.ts';
import { type RouteDefinition, routes } from '#shared/routes.ts';
import type { FunctionName } from './bundles.ts';
import { callRoute } from './handlers.ts';
import { hasSampleEvent, sampleEvent, samplePathId } from './sample-events.ts';

let counter = 0;
const runTag = randomBytes(3).toString('hex');
/** A tag no other record of this run has; lower case, so it survives the normalised copies in keys. */
export const nextTag = (): string => `b${runTag}${(counter++).toString(36).padStart(5, '0')}`;

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

const allRoutes: readonly RouteDefinition[] = routes;

/** `/api/contracts` for `/api/contracts/{id}/signatures`; nothing for a route on no record. */
export const collectionOf = (route: Pick<RouteDefinition, 'path'>): string | undefined => {
  const at = route.path.indexOf('/{id}');
  return at < 0 ? undefined : route.path.slice(0, at);
};

/** A collection of the route table: a POST on its path creates a record, the `{id}` routes below act on one. */
export interface Collection {
  path: string;
  create: FunctionName;
  /** The id the sample events of its `{id}` routes name, which stands for a record of the collection. */
  placeholder: string | undefined;
}

export const collections: readonly Collection[] = allRoutes
  .filter((route) => route.method === 'POST' && !route.path.includes('{') && hasSampleEvent(route.name))
  .map((create) => ({
    path: create.path,
    create: create.name as FunctionName,
    placeholder: allRoutes
      .filter((route) => collectionOf(route) === create.path && hasSampleEvent(route.name))
      .map((route) => samplePathId(route.name))
      .find((id) => id !== undefined),
  }));

/**
 * The requests a record goes through before a route acts on it: the workflow,
 * not the record's shape. A contract is read, verified and previewed with its
 * signature; only a signed contract can be terminated, only a terminated one
 * can have its termination withdrawn. Keyed by collection (its read record)
 * and by route (the fresh record it gets).
 */
const readRecordSteps: Readonly<Record<string, readonly string[]>> = {
  // Signed with its mandate: the contract a collection gathers dues of.
  '/api/contracts': ['contracts-sign', 'contracts-sign-mandate'],
};
const freshRecordSteps: Readonly<Record<string, readonly string[]>> = {
  // A replacement mandate only once the pending one is signed.
  'contracts-add-mandate': ['contracts-sign-mandate'],
  'contracts-terminate': ['contracts-sign'],
  // An amendment changes a signed contract.
  'contracts-offer-amendment': ['contracts-sign'],
  'contracts-retract-termination': ['contracts-sign', 'contracts-terminate'],
  // The render function renders a newly signed contract's original, once its mandate is signed too: while the
  // mandate waits for its signature, `contract.signed` stores nothing (shared/documents/signed-original.ts).
  'documents-render': ['contracts-sign', 'contracts-sign-mandate'],
};

/** Collections whose create gathers every record due (the SEPA collections): one record, made once. */
const gathersOnce: ReadonlySet<string> = new Set(['/api/collections']);

/** Singletons (a PUT on a path without an id, the studio profile) that records of collections may need. */
const singletonWrites = allRoutes.filter(
  (route) => route.method === 'PUT' && !route.path.includes('{') && hasSampleEvent(route.name),
);

type ApiRecord = Record<string, unknown> & { id: string };

/** A contract made with `ids` (its contact and service) from `startDate`, signed by its customer, its mandate too. */
export const signedContractFrom = async (
  ids: ReadonlyMap<string, string>,
  startDate: CalendarDate,
): Promise<ApiRecord> => {
  const contract = await callRoute<ApiRecord>(
    'contracts-create',
    sampleEvent('contracts-create', { ids, record: { startDate } }),
  );
  const own = new Map([[sampleContractId, contract.id]]);
  await callRoute('contracts-sign', sampleEvent('contracts-sign', { ids: own, record: contract }));
  await callRoute('contracts-sign-mandate', sampleEvent('contracts-sign-mandate', { ids: own, record: contract }));
  return contract;
};

/** The records the scenarios of one table read and write, made through the handlers themselves. */
export interface Fixtures {
  table: string;
  /** The sample events' placeholder ids → the records reads use (one per collection). */
  ids: ReadonlyMap<string, string>;
  /** Per collection, the record replaces write again and again, and the tag it was created with (its email stays). */
  replaced: ReadonlyMap<string, { id: string; tag: string }>;
  /** Collections whose records could not be made, with the reason. */
  unavailable: ReadonlyMap<string, string>;
  /**
   * The placeholder ids with the contact's standing for the studio person (`createStudioPerson`): what the routes
   * reading everything of one person read, the same in every table.
   */
  personIds: ReadonlyMap<string, string>;
  /**
   * The placeholder ids for the next create of `route`: a create that names a contact (a contract) names a new one
   * each time, as a studio's contracts are each a customer's few; anything else names the read records.
   */
  idsForCreate(route: string): Promise<ReadonlyMap<string, string>>;
  /** A new record of the collection, ready for the route that uses it up (delete, sign, cancel, terminate, …). */
  fresh(collection: string, route: string): Promise<ApiRecord>;
  /** A new contract and the token of a signing session opened on it, ready for the tablet's route. */
  signing(route: string): Promise<{ contract: ApiRecord; token: string }>;
}

/**
 * The tablet's requests a session goes through before a route acts on it: the sample contract pays by direct
 * debit, so its mandate is signed after the contract, and the copy is fetched once both are signed.
 */
const signingSessionSteps: Readonly<Record<string, readonly string[]>> = {
  'signing-sign-mandate': ['signing-sign'],
  'signing-document': ['signing-sign', 'signing-sign-mandate'],
};

/** How the tablet sends a session's token (docs/walkthrough.md, "Signing at the counter"). */
export const signingAuthorization = (token: string) => ({ authorization: `Signing ${token}` });

/**
 * Creates the fixtures in `table` from the sample events: the singletons
 * first, then collection by collection in the route table's order (a
 * contract's sample body names the sample contact and service, which exist by
 * then), with `listSize` records per collection so that a list page of 25 is
 * full.
 */
export const createFixtures = (table: string, listSize = 30): Promise<Fixtures> =>
  withTable(table, async () => {
    const ids = new Map<string, string>();
    const replaced = new Map<string, { id: string; tag: string }>();
    const unavailable = new Map<string, string>();
    const create = (collection: Collection, tag = nextTag(), own: ReadonlyMap<string, string> = ids) =>
      callRoute<ApiRecord>(collection.create, sampleEvent(collection.create, { ids: own, tag }));
    const takeSteps = async (collection: Collection, record: ApiRecord, steps: readonly string[]) => {
      const own = new Map(collection.placeholder ? [...ids, [collection.placeholder, record.id]] : ids);
      for (const step of steps) await callRoute(step as FunctionName, sampleEvent(step, { ids: own, record }));
    };
    for (const route of singletonWrites) await callRoute(route.name as FunctionName, sampleEvent(route.name));
    for (const collection of collections) {
      try {
        const record = await create(collection);
        if (collection.placeholder) ids.set(collection.placeholder, record.id);
        await takeSteps(collection, record, readRecordSteps[collection.path] ?? []);
        // A create that gathers what exists (a collection of the dues due) has nothing left for a second.
        if (gathersOnce.has(collection.path)) continue;
        const tag = nextTag();
        replaced.set(collection.path, { id: (await create(collection, tag)).id, tag });
        for (let count = 2; count < listSize; count++) await create(collection);
      } catch (error) {
        unavailable.set(collection.path, (error as Error).message);
      }
    }
    const personIds = await createStudioPerson(ids, create, takeSteps);
    const contacts = collectionAt('/api/contacts');
    const idsForCreate = async (route: string) => {
      if (!contacts.placeholder || !sampleEvent(route).body?.includes(contacts.placeholder)) return ids;
      const contact = await withTable(table, () => create(contacts));
      return new Map([...ids, [contacts.placeholder, contact.id]]);
    };
    // A record a route uses up is its own customer's (a new contact for each new contract), as a studio's contracts
    // are each a customer's few: one contact holding every fresh contract made matching a termination read hundreds.
    const fresh = (path: string, route: string) => {
      const collection = collections.find((candidate) => candidate.path === path);
      if (!collection) throw new Error(`No collection ${path}`);
      return withTable(table, async () => {
        const record = await create(collection, nextTag(), await idsForCreate(collection.create));
        await takeSteps(collection, record, freshRecordSteps[route] ?? []);
        return record;
      });
    };
    const signing = (route: string) =>
      withTable(table, async () => {
        const contract = await fresh('/api/contracts', 'signing-sessions-open');
        const contracts = collections.find((candidate) => candidate.path === '/api/contracts');
        const own = new Map(contracts?.placeholder ? [...ids, [contracts.placeholder, contract.id]] : ids);
        const session = await callRoute<{ url: string }>(
          'signing-sessions-open',
          sampleEvent('signing-sessions-open', { ids: own }),
        );
        const token = new URL(session.url).hash.slice(1);
        for (const step of signingSessionSteps[route] ?? []) {
          await callRoute(
            step as FunctionName,
            sampleEvent(step, { headers: signingAuthorization(token), record: contract }),
          );
        }
        return { contract, token };
      });
    return { table, ids, replaced, unavailable, personIds, idsForCreate, fresh, signing };
  });

const collectionAt = (path: string): Collection => {
  const found = collections.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`No collection ${path}`);
  return found;
};

/** How many contracts the studio person has: one signed with its mandate, one still pending. */
export const studioPersonContracts = 2;

/**
 * A customer as a studio has them, made alike in every table: a contact with a signed contract (SEPA mandate
 * signed), a pending one, and a termination declared without login under its email. The read contact is the one
 * every contract of the fixtures and of the warm creates names (hundreds by the end of a run): a person's export
 * measured on it would measure that pile, and differ from table to table.
 */
const createStudioPerson = async (
  ids: ReadonlyMap<string, string>,
  create: (collection: Collection) => Promise<ApiRecord>,
  takeSteps: (collection: Collection, record: ApiRecord, steps: readonly string[]) => Promise<void>,
): Promise<ReadonlyMap<string, string>> => {
  const contacts = collectionAt('/api/contacts');
  const contracts = collectionAt('/api/contracts');
  if (!contacts.placeholder) throw new Error('The contacts have no placeholder id');
  const person = await create(contacts);
  const personIds = new Map([...ids, [contacts.placeholder, person.id]]);
  const made: ApiRecord[] = [];
  for (let count = 0; count < studioPersonContracts; count++) {
    made.push(await callRoute<ApiRecord>(contracts.create, sampleEvent(contracts.create, { ids: personIds })));
  }
  const [signed] = made;
  if (!signed) throw new Error('The studio person has no contract');
  await takeSteps(contracts, signed, readRecordSteps[contracts.path] ?? []);
  await callRoute(
    'declarations-file-termination',
    sampleEvent('declarations-file-termination', {
      record: {
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        contractNumber: signed.number,
      },
      sourceIp: '198.19.255.254',
    }),
  );
  return personIds;
};

/** The id of the record reads of `collection` use. */
export const readRecordId = (fixtures: Fixtures, collection: string): string => {
  const placeholder = collections.find((candidate) => candidate.path === collection)?.placeholder;
  const id = placeholder && fixtures.ids.get(placeholder);
  if (!id) throw new Error(`No record of ${collection}`);
  return id;
};
