import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { newId } from '../../shared/http/ids.ts';
import { inParallel } from '../../shared/in-parallel.ts';
import { isWrite } from './dynamodb-calls.ts';

/**
 * A floor is the handler's own DynamoDB calls sent again with a bare document
 * client: the same operations with the same inputs, in the same order and
 * with the same parallelism, and nothing else. It is what a hand-written
 * function doing exactly our work would cost, so handler / floor is our
 * overhead (routing, validation, mapping, logging, idempotency bookkeeping).
 *
 * "The same inputs" has to be a little less than verbatim, or the floor would
 * not do the same work in DynamoDB:
 * - Ids the handler generated (ULIDs, and UUIDs such as the transaction's
 *   `ClientRequestToken`) get fresh values, the same across the replay's
 *   calls. A Put conditioned on `attribute_not_exists` must meet an absent
 *   key as the handler's did, and a repeated token would be answered from
 *   DynamoDB's idempotency cache for 10 minutes without doing the work again.
 * - What differs between the recorded request and the next one (its path id,
 *   the unique email of a new contact, the document hash a signature covers)
 *   is replaced wherever it occurs, so the replay acts on the next request's
 *   record as the handler would: a fresh contract to sign, not one signed.
 * - A conditional write on an item the handler read carries values taken from
 *   that read (`version = :expected`, the contract counter's `:previous`).
 *   The replay takes them from its own read of the same item, as any function
 *   doing this work must; strings the read changes (the email of the contact
 *   being deleted, whose claim goes too) follow into the later calls.
 * Everything else, timestamps and item contents included, is sent as recorded:
 * same sizes, so the same capacity, which the bench checks call by call.
 * The untimed part (fresh ids, the request's differences) is prepared before
 * the clock starts; only what depends on the replay's own reads runs timed.
 */

/** What a handler did for one request: its status and its DynamoDB calls. */
export interface Recording {
  /** The request the handler served (the replay maps its differences to the next one). */
  event: unknown;
  statusCode: number;
  calls: readonly RecordedCall[];
}

export interface RecordedCall {
  operation: string;
  input: Record<string, unknown>;
  output?: Record<string, unknown>;
  wave: number;
  /** The most calls of the wave in flight at once (dynamodb-calls.ts); absent in recordings made before it was. */
  width?: number;
}

type Item = Record<string, unknown>;
type Key = { pk: unknown; sk: unknown };

/** A read whose item a later call of the replay writes: the values that write took from it follow the new read. */
export interface ReadLink {
  key: Key;
  recorded: Item;
}

export interface PlannedCall {
  operation: string;
  input: Record<string, unknown>;
  links: ReadLink[];
  /** At most this many of its wave at once, as the handler sent them. */
  width: number;
}

/** A replay ready to send: single use (its ids are fresh once). */
export interface Plan {
  statusCode: number;
  waves: PlannedCall[][];
}

/** The document-client command classes a replay may send, by operation (`GetItem`: `GetCommand`). */
export type Commands = Readonly<Record<string, new (input: any) => any>>;

interface Sender {
  send(command: any): Promise<any>;
}

/**
 * What a floor sends with: a bare document client; for a function that queues messages, a bare SQS client; for
 * one that posts a webhook, a bare HTTP client; for one that mails, a bare mail client (floor-senders.ts).
 */
export interface FloorClients {
  table: Sender;
  queue?: Sender;
  http?: Sender;
  mail?: Sender;
}

/** The operations a replay sends to SQS, not to DynamoDB (the webhooks' dispatcher's sends). */
export const queueOperations: ReadonlySet<string> = new Set(['SendMessage']);
/** A webhook's delivery: the request the handler sent to the receiver, sent again by the floor's HTTP client. */
export const webhookPost = 'WebhookPost';
/** A mail: the message the handler handed its transport, handed by the floor's mail client to the same outbox. */
export const sentMail = 'SendMail';

const clientOf = (clients: FloorClients, operation: string): Sender | undefined => {
  if (queueOperations.has(operation)) return clients.queue;
  if (operation === webhookPost) return clients.http;
  return operation === sentMail ? clients.mail : clients.table;
};

const ulidPattern = /(?<![0-9A-Za-z])[0-9A-HJKMNP-TV-Z]{26}(?![0-9A-Za-z])/g;
const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

const isObject = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !(value instanceof Set);

/** Rebuilds `value` with every string and number leaf passed through `leaf`; binary and sets stay as they are. */
const mapLeaves = (value: unknown, leaf: (value: string | number, key: string) => unknown, key = ''): unknown => {
  if (typeof value === 'string' || typeof value === 'number') return leaf(value, key);
  if (Array.isArray(value)) return value.map((entry) => mapLeaves(entry, leaf, key));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, mapLeaves(entry, leaf, name)]));
};

const stringsOf = (value: unknown): string[] => {
  const found: string[] = [];
  mapLeaves(value, (leaf) => typeof leaf === 'string' && found.push(leaf));
  return found;
};

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces every old string by its new one, in one pass (so `a→b, b→c` never makes `a` into `c`). */
const substitute = (mapping: ReadonlyMap<string, string>) => {
  if (mapping.size === 0) return (text: string) => text;
  const olds = [...mapping.keys()].sort((a, b) => b.length - a.length).map(escapeForPattern);
  const pattern = new RegExp(olds.join('|'), 'g');
  return (text: string) => text.replace(pattern, (old) => mapping.get(old) ?? old);
};

/** Adds `old → new` for every string leaf that differs between two values of the same shape. */
// Shorter values (`1`, `true`) would also match inside unrelated strings of the calls.
const shortestDifference = 8;

const collectDifferences = (before: unknown, after: unknown, into: Map<string, string>) => {
  if (typeof before === 'string' && typeof after === 'string') {
    if (before !== after && before.length >= shortestDifference) {
      into.set(before, after);
      // Keys hold normalised copies (a lower-cased email in its uniqueness claim).
      if (before.toLowerCase() !== before) into.set(before.toLowerCase(), after.toLowerCase());
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (const [index, entry] of before.entries()) collectDifferences(entry, after[index], into);
    return;
  }
  if (isObject(before) && isObject(after)) {
    for (const [name, entry] of Object.entries(before)) collectDifferences(entry, after[name], into);
  }
};

interface RequestParts {
  pathParameters?: unknown;
  queryStringParameters?: unknown;
  headers?: Record<string, string | undefined>;
  body?: string | null;
  requestContext?: { http?: { sourceIp?: string } };
}

/**
 * The table holds a signing token only as its SHA-256 (`SIGNING_SESSION#<hash>`,
 * shared/signing/token.ts): the key the replay must use. Not imported from
 * there, to keep the floor's bundle free of our code.
 */
const signingTokenHashOf = (request: RequestParts): string | undefined => {
  const token = /^Signing (\S+)$/.exec(request.headers?.authorization ?? '')?.[1];
  return token === undefined ? undefined : createHash('sha256').update(token).digest('hex');
};

const parsedBody = (body: string | null | undefined): unknown => {
  try {
    return body ? JSON.parse(body) : undefined;
  } catch {
    return body;
  }
};

const requestDifferences = (recorded: RequestParts, next: RequestParts): Map<string, string> => {
  const differences = new Map<string, string>();
  collectDifferences(recorded.pathParameters, next.pathParameters, differences);
  collectDifferences(recorded.queryStringParameters, next.queryStringParameters, differences);
  collectDifferences(parsedBody(recorded.body), parsedBody(next.body), differences);
  collectDifferences(signingTokenHashOf(recorded), signingTokenHashOf(next), differences);
  // The public POSTs key their rate-limit counter by the client's address.
  collectDifferences(recorded.requestContext?.http?.sourceIp, next.requestContext?.http?.sourceIp, differences);
  return differences;
};

// A new signing session's key is the SHA-256 of a token the handler drew: as new as an id.
const hexDigestPattern = /\b[0-9a-f]{64}\b/g;
const idsIn = (text: string) => [
  ...text.matchAll(ulidPattern),
  ...text.matchAll(uuidPattern),
  ...text.matchAll(hexDigestPattern),
];

/** Ids in the calls that came neither from the request nor from what the handler read: the handler made them. */
const generatedIds = (recording: Recording): Map<string, string> => {
  const known = new Set(
    [
      ...stringsOf(recording.event).flatMap(idsIn),
      ...recording.calls.flatMap((call) => stringsOf(call.output)).flatMap(idsIn),
    ].map(([id]) => id),
  );
  const fresh = new Map<string, string>();
  for (const text of recording.calls.flatMap((call) => stringsOf(call.input))) {
    for (const [id] of text.matchAll(ulidPattern)) if (!known.has(id) && !fresh.has(id)) fresh.set(id, newId());
    for (const [id] of text.matchAll(uuidPattern)) if (!known.has(id) && !fresh.has(id)) fresh.set(id, randomUUID());
    for (const [hash] of text.matchAll(hexDigestPattern)) {
      if (!known.has(hash) && !fresh.has(hash)) fresh.set(hash, randomBytes(32).toString('hex'));
    }
  }
  return fresh;
};

const readItems = (output: Item | undefined): Item[] => {
  if (!output) return [];
  const responses = (output.Responses ?? []) as unknown;
  const nested = Array.isArray(responses)
    ? responses.map((response: { Item?: Item }) => response.Item)
    : Object.values(responses as Record<string, Item[]>).flat();
  return [output.Item as Item | undefined, ...((output.Items ?? []) as Item[]), ...nested].filter(
    (item): item is Item => isObject(item),
  );
};

/** The items a write call puts, updates, deletes or checks: the action, the item's key and the part of the input naming it. */
export const writeTargets = ({ operation, input }: { operation: string; input: Item }) => {
  const entries = (input.TransactItems as Item[] | undefined)?.flatMap((entry) => Object.entries(entry)) ?? [
    [operation.replace(/Item$/, ''), input] as const,
  ];
  return entries.flatMap(([action, value]) => {
    const part = value as Item;
    const key = (part.Key ?? part.Item) as Item | undefined;
    return key ? [{ action, key: { pk: key.pk, sk: key.sk } as Key, part }] : [];
  });
};

const sameKey = (a: Key, b: Item) => a.pk === b.pk && a.sk === b.sk;

/**
 * A read whose item names another by its id, which a later call uses (a signing session's `contractId`, then the
 * contract's items): the replay's own read names the next request's record, so its ids follow into those calls,
 * as any function doing this work must read the one to find the other.
 */
const readIdsSteer = (item: Item, laterStrings: readonly string[]): boolean =>
  Object.values(item).some(
    (value) =>
      typeof value === 'string' &&
      idsIn(value).some(([id]) => id === value) &&
      laterStrings.some((text) => text.includes(value)),
  );

/**
 * Prepares one replay of a recording for the next request: fresh generated
 * ids, the request's differences, the current table. Runs before the clock.
 */
export const planReplay = (recording: Recording, event: RequestParts, tableName: string): Plan => {
  const replace = substitute(
    new Map([...requestDifferences(recording.event as RequestParts, event), ...generatedIds(recording)]),
  );
  const prepare = (input: Item) =>
    mapLeaves(input, (leaf, name) => {
      if (name === 'TableName') return tableName;
      return typeof leaf === 'string' ? replace(leaf) : leaf;
    }) as Item;
  const laterWrites = (wave: number) =>
    recording.calls.filter((call) => call.wave > wave && isWrite(call)).flatMap(writeTargets);
  const laterStrings = (wave: number) =>
    recording.calls.filter((call) => call.wave > wave).flatMap((call) => stringsOf(call.input));
  const waves = new Map<number, PlannedCall[]>();
  for (const call of recording.calls) {
    const written = laterWrites(call.wave);
    const later = laterStrings(call.wave);
    const links = readItems(call.output)
      .filter((item) => written.some((target) => sameKey(target.key, item)) || readIdsSteer(item, later))
      .map((item) => ({ key: prepare({ pk: item.pk, sk: item.sk }) as Key, recorded: item }));
    const planned = { operation: call.operation, input: prepare(call.input), links, width: call.width ?? Infinity };
    waves.set(call.wave, [...(waves.get(call.wave) ?? []), planned]);
  }
  return { statusCode: recording.statusCode, waves: [...waves.entries()].sort(([a], [b]) => a - b).map(([, c]) => c) };
};

/**
 * Carries what a read returned into the later calls: strings that changed
 * everywhere, numbers (and their successors: `version + 1`) only into the
 * conditions and values of writes to that same item.
 */
const followRead = (link: ReadLink, read: Item, later: PlannedCall[]) => {
  const strings = new Map<string, string>();
  const numbers = new Map<number, number>();
  for (const [name, recorded] of Object.entries(link.recorded)) {
    const now = read[name];
    if (typeof recorded === 'string' && typeof now === 'string' && recorded !== now) strings.set(recorded, now);
    if (typeof recorded === 'number' && typeof now === 'number' && recorded !== now) {
      numbers.set(recorded + 1, now + 1);
      numbers.set(recorded, now);
    }
  }
  const replace = substitute(strings);
  for (const call of later) {
    if (strings.size)
      call.input = mapLeaves(call.input, (leaf) => (typeof leaf === 'string' ? replace(leaf) : leaf)) as Item;
    if (!numbers.size) continue;
    for (const { key, part } of writeTargets(call)) {
      if (!sameKey(link.key, key as Item) || !isObject(part.ExpressionAttributeValues)) continue;
      part.ExpressionAttributeValues = mapLeaves(part.ExpressionAttributeValues, (leaf) =>
        typeof leaf === 'number' ? (numbers.get(leaf) ?? leaf) : leaf,
      );
    }
  }
};

/**
 * Sends a plan's calls with `clients`, wave by wave, and answers as the least
 * Lambda would: the handler's status, with the items it read as the body.
 */
export const replay = async (
  clients: FloorClients,
  plan: Plan,
  commands: Commands,
  /** Sees each wave as it is sent and once it is answered (the bench looks at the items written, untimed). */
  observe?: (wave: readonly PlannedCall[], stage: 'before' | 'after') => Promise<void>,
) => {
  const read: Item[] = [];
  for (const [index, wave] of plan.waves.entries()) {
    await observe?.(wave, 'before');
    // As many at once as the handler had in flight: all of them for a `Promise.all`, fewer behind a limit.
    const outputs = await inParallel(wave, wave[0]?.width ?? wave.length, (call) => {
      const Command = commands[call.operation];
      const client = clientOf(clients, call.operation);
      if (!Command || !client) throw new Error(`The floor cannot send ${call.operation}`);
      return client.send(new Command(call.input)) as Promise<Item>;
    });
    await observe?.(wave, 'after');
    const later = plan.waves.slice(index + 1).flat();
    wave.forEach((call, position) => {
      const items = readItems(outputs[position]);
      read.push(...items);
      for (const link of call.links) {
        const item = items.find((candidate) => sameKey(link.key, candidate));
        if (item) followRead(link, item, later);
      }
    });
  }
  return { statusCode: plan.statusCode, ...(read.length ? { body: JSON.stringify(read) } : {}) };
};

/** The items the plan's writes put: a recorded create, ready to be written again under fresh ids (the seed). */
export const itemsPut = (plan: Plan): Item[] =>
  plan.waves
    .flat()
    .flatMap(writeTargets)
    .flatMap(({ part }) => (isObject(part.Item) && !part.Key ? [part.Item] : []));

/** A plan as JSON for another process: binary attributes travel as base64. */
export const encodePlan = (plan: Plan): string =>
  JSON.stringify(plan, (_, value) =>
    ArrayBuffer.isView(value)
      ? { $bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') }
      : value,
  );

const revive = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(revive);
  if (!isObject(value)) return value;
  if (typeof value.$bytes === 'string') return Uint8Array.from(Buffer.from(value.$bytes, 'base64'));
  return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, revive(entry)]));
};

/** A plan as the floor's process received it (parsed JSON). */
export const decodePlan = (plan: unknown): Plan => revive(plan) as Plan;
