import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { sampleAmendmentId } from '#shared/contracts/area.ts';
import { todayIn } from '#shared/contracts/dates.ts';
import { type RouteDefinition, routeKey } from '#shared/routes.ts';
import { nextBenchAddress } from './bench-addresses.ts';
import type { FunctionName } from './bundles.ts';
import { collections, type Fixtures, nextTag, signingAuthorization, withTable } from './fixtures.ts';
import { callRoute } from './handlers.ts';
import { type Dunning, dunningRoutes, makeOverdueAccounts, overdueContract } from './overdue-accounts.ts';
import { type BenchEvent, sampleEvent, samplePathId } from './sample-events.ts';

/*
 * The requests whose record the route table cannot tell how to make: a contract with a right of withdrawal (signed
 * at home through a mailed link) and an unmatched public declaration. Keyed by the route's method and path, not its
 * name, so a renamed route keeps its preparation; everything else about the request is its sample event.
 */

type ApiRecord = Record<string, unknown> & { id: string };

const contractsPlaceholder = () => collections.find((c) => c.path === '/api/contracts')?.placeholder;

const withContract = (fixtures: Fixtures, contractId: string): Map<string, string> => {
  const placeholder = contractsPlaceholder();
  return new Map(placeholder ? [...fixtures.ids, [placeholder, contractId]] : fixtures.ids);
};

const outboxFolder = () => join(process.env.DATA_DIR ?? '.data', 'outbox');
const outboxFiles = (): Set<string> => {
  try {
    return new Set(readdirSync(outboxFolder()));
  } catch {
    return new Set();
  }
};

/** The token of the signing link a remote session mailed: the mail is the only place it exists. */
const mailedSigningToken = async (before: ReadonlySet<string>, sentTo: string): Promise<string> => {
  for (const file of [...outboxFiles()].filter((name) => !before.has(name))) {
    const mail = await simpleParser(readFileSync(join(outboxFolder(), file)));
    const to = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined;
    const link = mail.text?.match(/\/api\/sign#([A-Za-z0-9_-]{43})/)?.[1];
    if (to === sentTo && link) return link;
  }
  throw new Error(`No signing link was mailed to ${sentTo}`);
};

/**
 * A new contract signed by its customer at home, through the link a remote session mailed (docs/walkthrough.md,
 * "Signing at home"): the only kind of contract with a right of withdrawal (§ 312g BGB).
 */
export const remoteSignedContract = async (fixtures: Fixtures): Promise<ApiRecord> =>
  signedAtHome(fixtures, await fixtures.fresh('/api/contracts', 'signing-sessions-open'));

/** `contract` (pending) signed by its customer through the link a remote session mailed. */
export const signedAtHome = async (fixtures: Fixtures, contract: ApiRecord): Promise<ApiRecord> => {
  const open = sampleEvent('signing-sessions-open', { ids: withContract(fixtures, contract.id) });
  const sendTo = `bench+${nextTag()}@example.com`;
  open.body = JSON.stringify({ role: 'customer', channel: 'remote', sendTo });
  delete open.headers['content-length'];
  const before = outboxFiles();
  await callRoute('signing-sessions-open', open);
  const token = await mailedSigningToken(before, sendTo);
  await callRoute(
    'signing-sign',
    sampleEvent('signing-sign', { headers: signingAuthorization(token), record: contract }),
  );
  return contract;
};

/** A public termination that names no contract: stored `unmatched`, waiting for staff. */
const unmatchedDeclaration = async (): Promise<ApiRecord> => {
  const filed = sampleEvent('declarations-file-termination', { tag: nextTag(), sourceIp: nextBenchAddress() });
  filed.body = JSON.stringify({ ...JSON.parse(filed.body ?? '{}'), contractNumber: '1999-999999' });
  delete filed.headers['content-length'];
  return callRoute<ApiRecord>('declarations-file-termination', filed);
};

type Prepared = (route: RouteDefinition, fixtures: Fixtures) => Promise<BenchEvent>;

/**
 * A pause offered on a new signed contract (the sample offer: a fortnight in its first year), and the placeholders
 * of its contract and amendment; `agreed`: signed by the customer too, so it is in force.
 */
const offeredPause = async (fixtures: Fixtures, agreed = false) => {
  const contract = await fixtures.fresh('/api/contracts', 'contracts-offer-amendment');
  const ids = withContract(fixtures, contract.id);
  const amendment = await callRoute<ApiRecord>(
    'contracts-offer-amendment',
    sampleEvent('contracts-offer-amendment', { ids }),
  );
  ids.set(sampleAmendmentId, amendment.id);
  if (agreed)
    await callRoute('contracts-sign-amendment', sampleEvent('contracts-sign-amendment', { ids, record: amendment }));
  return { ids, amendment };
};

/** A request on an account as far into dunning as the route needs (overdue-accounts.ts). */
const onAccountIn =
  (dunning: Dunning): Prepared =>
  async (route, fixtures) =>
    sampleEvent(route.name, { ids: withContract(fixtures, await overdueContract(fixtures, dunning)) });

/** An offered pause's request: the route acts on it (decides, cancels), or signs it with its hash. */
const onOfferedPause: Prepared = async (route, fixtures) => {
  const { ids, amendment } = await offeredPause(fixtures);
  return sampleEvent(route.name, { ids, record: amendment });
};

/**
 * The tablet's request on an offered pause: a session opened at the counter for the customer's consent to it
 * (`amendmentId`), its token in the header, the pause's hash in the body.
 */
const onAmendmentSession: Prepared = async (route, fixtures) => {
  const { ids, amendment } = await offeredPause(fixtures);
  const open = sampleEvent('signing-sessions-open', { ids });
  open.body = JSON.stringify({ ...JSON.parse(open.body ?? '{}'), amendmentId: amendment.id });
  delete open.headers['content-length'];
  const session = await callRoute<{ url: string }>('signing-sessions-open', open);
  const token = new URL(session.url).hash.slice(1);
  return sampleEvent(route.name, { headers: signingAuthorization(token), record: amendment });
};

// Reads of an amendment read one, made once per table; so do reads of a signing session.
const readAmendments = new Map<string, Promise<Map<string, string>>>();
const readSessions = new Map<string, Promise<Map<string, string>>>();
// The read contract's account, read once per table before it is measured (its first read books what came due).
const bookedAccounts = new Map<string, Promise<unknown>>();

const bookReadAccount = (fixtures: Fixtures): Promise<unknown> => {
  const booked =
    bookedAccounts.get(fixtures.table) ??
    withTable(fixtures.table, () => callRoute('accounts-get', sampleEvent('accounts-get', { ids: fixtures.ids })));
  bookedAccounts.set(fixtures.table, booked);
  return booked;
};

/**
 * What the first requests on a table would otherwise do to it, at a different moment in each table: book the read
 * contract's account (which grows its item) and make the overdue accounts of the dunning routes (each batch with a
 * collection, which the collections' list shows). Done in every table before anything is recorded, so that a
 * request's cost compares the same records in the small and the large table.
 */
export const settleFixtures = async (fixtures: Fixtures, measured: (name: FunctionName) => boolean): Promise<void> => {
  if (measured('accounts-get')) await bookReadAccount(fixtures);
  for (const [dunning, route] of Object.entries(dunningRoutes) as [Dunning, FunctionName][]) {
    if (measured(route)) await makeOverdueAccounts(fixtures, dunning);
  }
};

/** A signing session opened at the counter on a new contract, and the placeholders of both. */
const openedSession = async (fixtures: Fixtures, route: RouteDefinition) => {
  const contract = await fixtures.fresh('/api/contracts', 'signing-sessions-open');
  const ids = withContract(fixtures, contract.id);
  const session = await callRoute<ApiRecord>('signing-sessions-open', sampleEvent('signing-sessions-open', { ids }));
  const placeholder = sampleEvent(route.name).pathParameters?.sessionId;
  if (placeholder) ids.set(placeholder, session.id);
  return ids;
};

const preparations: Readonly<Record<string, Prepared>> = {
  // Staff record a withdrawal received by letter: of a contract signed at home, within its period.
  'POST /api/contracts/{id}/withdrawal': async (route, fixtures) => {
    const contract = await remoteSignedContract(fixtures);
    return sampleEvent(route.name, { ids: withContract(fixtures, contract.id) });
  },
  // An amendment is offered on a signed contract; it is read, signed, declined or cancelled while offered, and a
  // pause in force (signed) can end early.
  'GET /api/contracts/{id}/amendments/{amendmentId}': async (route, fixtures) => {
    const ids = readAmendments.get(fixtures.table) ?? offeredPause(fixtures).then(({ ids }) => ids);
    readAmendments.set(fixtures.table, ids);
    return sampleEvent(route.name, { ids: await ids });
  },
  // The draft of an offered pause (rendered on each request, as staff print it for the customer to read).
  'GET /api/contracts/{id}/amendments/{amendmentId}/document': async (route, fixtures) => {
    const ids = readAmendments.get(fixtures.table) ?? offeredPause(fixtures).then(({ ids }) => ids);
    readAmendments.set(fixtures.table, ids);
    return sampleEvent(route.name, { ids: await ids });
  },
  'POST /api/signing/amendment': onAmendmentSession,
  'POST /api/signing/amendment/decline': onAmendmentSession,
  // A read of an account books what has come due first (docs/accounts.md, "When dues are booked"): the read
  // contract's collected due and its debit, once (`settleFixtures`). Measured is the read after it, whose floor
  // replays no booking.
  'GET /api/contracts/{id}/account': async (route, fixtures) => {
    await bookReadAccount(fixtures);
    return sampleEvent(route.name, { ids: fixtures.ids });
  },
  // Staff look at a session they opened (its Location).
  'GET /api/contracts/{id}/signing-sessions/{sessionId}': async (route, fixtures) => {
    const ids = readSessions.get(fixtures.table) ?? openedSession(fixtures, route);
    readSessions.set(fixtures.table, ids);
    return sampleEvent(route.name, { ids: await ids });
  },
  'POST /api/contracts/{id}/amendments/{amendmentId}/signature': onOfferedPause,
  'POST /api/contracts/{id}/amendments/{amendmentId}/decline': onOfferedPause,
  'POST /api/contracts/{id}/amendments/{amendmentId}/cancellation': onOfferedPause,
  'POST /api/contracts/{id}/amendments/{amendmentId}/early-end': async (route, fixtures) => {
    const { ids } = await offeredPause(fixtures, true);
    return sampleEvent(route.name, { ids });
  },
  // A payment received today (the sample's day lies ahead, and a payment is recorded once received).
  'POST /api/contracts/{id}/account/payments': async (route, fixtures) => {
    const contract = await fixtures.fresh('/api/contracts', 'contracts-terminate');
    const event = sampleEvent(route.name, { ids: withContract(fixtures, contract.id) });
    event.body = JSON.stringify({ ...JSON.parse(event.body ?? '{}'), paidOn: todayIn('Europe/Berlin', new Date()) });
    delete event.headers['content-length'];
    return event;
  },
  // A reminder while something is overdue; the handover after the Mahnung's deadline; its closure once handed over.
  'POST /api/contracts/{id}/account/reminders': onAccountIn('overdue'),
  'POST /api/contracts/{id}/account/handover': onAccountIn('warned'),
  'POST /api/contracts/{id}/account/handover/closure': onAccountIn('handed-over'),
  // Staff assign an unmatched declaration to the signed contract they found.
  'POST /api/declarations/{id}/assignment': async (route, fixtures) => {
    const declaration = await unmatchedDeclaration();
    const contract = await fixtures.fresh('/api/contracts', 'contracts-terminate');
    const ids = withContract(fixtures, contract.id);
    const placeholder = samplePathId(route.name);
    if (placeholder) ids.set(placeholder, declaration.id);
    return sampleEvent(route.name, { ids });
  },
};

/** The request of a route that needs a record the route table cannot make, if it is one of them. */
export const preparedRequest = (route: RouteDefinition): ((fixtures: Fixtures) => Promise<BenchEvent>) | undefined => {
  const prepare = preparations[routeKey(route)];
  return prepare && ((fixtures) => prepare(route, fixtures));
};
