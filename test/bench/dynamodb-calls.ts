import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** One request a document client sent: what it sent, what it got back and what DynamoDB charged for it. */
export interface DynamoDbCall {
  /** `GetItem`, `Query`, `TransactWriteItems`, … */
  operation: string;
  /** The command's input as the code gave it (document-client values, before marshalling). */
  input: Record<string, unknown>;
  /** What the document client returned (unmarshalled); absent when the call failed. */
  output?: Record<string, unknown>;
  /** Calls of one wave were in flight together (`Promise.all`); waves ran one after the other. */
  wave: number;
  /** The most calls of its wave in flight at once: a handler's limit (eight at a time, say) its floor keeps too. */
  width?: number;
  /** Items the call wrote (puts, updates, deletes, condition checks) or read (returned items). */
  items: number;
  readUnits: number;
  writeUnits: number;
  /** The part of `writeUnits` charged for the global secondary indexes the written items are projected into. */
  indexWriteUnits: number;
  /** The call failed (a condition, say); DynamoDB reports no capacity for failed calls. */
  failed?: true;
}

/** A client whose requests can be watched: a document client, or the SQS client of the webhooks' dispatcher. */
type WatchedClient = DynamoDBDocumentClient | SQSClient;

export interface CallRecorder {
  /** Runs `work` with `ReturnConsumedCapacity: 'INDEXES'` on every request and returns the calls it made. */
  record(work: () => Promise<unknown>): Promise<DynamoDbCall[]>;
  /**
   * A call outside the SDK's clients, seen by whoever served it while a recording runs (a webhook's POST, seen by
   * the receiver): it takes the next wave, between the calls before and after it. Outside a recording: ignored.
   */
  external(operation: string, input: Record<string, unknown>): void;
}

const readOperations = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);
const writeOperations = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

export const isRead = (call: Pick<DynamoDbCall, 'operation'>): boolean => readOperations.has(call.operation);
export const isWrite = (call: Pick<DynamoDbCall, 'operation'>): boolean => writeOperations.has(call.operation);
// What DynamoDB charges capacity for: other services' calls (SQS's SendMessage) are recorded but not charged.
const chargedOperations = new Set([...readOperations, ...writeOperations]);

interface CallInput {
  TransactItems?: unknown[];
  ReturnConsumedCapacity?: string;
}

interface CallOutput {
  ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[];
  Count?: number;
  Item?: unknown;
}

// DynamoDB reports one entry per table (table and indexes together, the indexes
// also on their own); read or write follows from the operation.
const charged = (operation: string, input: CallInput, output: CallOutput) => {
  const entries = [output.ConsumedCapacity ?? []].flat();
  const units = entries.reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
  const indexUnits = entries
    .flatMap((entry) => Object.values(entry.GlobalSecondaryIndexes ?? {}))
    .reduce((sum, index) => sum + (index.CapacityUnits ?? 0), 0);
  const read = readOperations.has(operation);
  return {
    items: input.TransactItems?.length ?? output.Count ?? (output.Item ? 1 : read ? 0 : 1),
    readUnits: read ? units : 0,
    writeUnits: read ? 0 : units,
    indexWriteUnits: read ? 0 : indexUnits,
  };
};

/**
 * Watches document clients from the outside, so handlers are measured
 * unchanged: a middleware on each client's stack asks DynamoDB for the
 * consumed capacity while a recording is running and notes each call with a
 * copy of its input and output (what a floor replays). Outside a recording it
 * passes requests through untouched. The shared document client and the SDK
 * client beneath it share one stack, so every call of a handler passes here.
 * The webhooks' dispatcher's SQS client is watched too: its sends are part of
 * its floor (asked for no capacity: SQS has none to report).
 */
export const recordCalls = (clients: readonly WatchedClient[]): CallRecorder => {
  let calls: DynamoDbCall[] | undefined;
  let inFlight = 0;
  let wave = 0;
  const widths = new Map<number, number>();
  for (const client of clients) {
    // The middleware reads only what every client's commands have (their input, output and name).
    (client.middlewareStack as DynamoDBDocumentClient['middlewareStack']).add(
      (next, context) => async (args) => {
        const recording = calls;
        if (!recording) return next(args);
        const original = structuredClone(args.input) as Record<string, unknown>;
        const operation = (context.commandName ?? 'Unknown').replace(/Command$/, '');
        const input = chargedOperations.has(operation) ? { ...original, ReturnConsumedCapacity: 'INDEXES' } : original;
        if (inFlight++ === 0) wave++;
        widths.set(wave, Math.max(widths.get(wave) ?? 0, inFlight));
        const call = { operation, input: original, wave };
        try {
          const result = await next({ ...args, input });
          const answer = result.output as CallOutput & { $metadata?: unknown };
          const { ConsumedCapacity: _capacity, $metadata: _metadata, ...output } = answer;
          recording.push({ ...call, output: structuredClone(output), ...charged(operation, input, answer) });
          return result;
        } catch (error) {
          recording.push({ ...call, ...charged(operation, input, {}), failed: true });
          throw error;
        } finally {
          inFlight--;
        }
      },
      { step: 'initialize', name: 'benchCallRecorder' },
    );
  }
  return {
    external(operation, input) {
      if (!calls) return;
      if (inFlight === 0) wave++;
      widths.set(wave, Math.max(widths.get(wave) ?? 0, inFlight + 1));
      calls.push({ operation, input, wave, items: 0, readUnits: 0, writeUnits: 0, indexWriteUnits: 0 });
    },
    async record(work) {
      if (calls) throw new Error('Recordings do not nest');
      calls = [];
      wave = 0;
      widths.clear();
      try {
        await work();
        return calls.map((call) => ({ ...call, width: widths.get(call.wave) ?? 1 }));
      } finally {
        calls = undefined;
      }
    },
  };
};

export const totalUnits = (calls: readonly DynamoDbCall[]) => ({
  readUnits: calls.reduce((sum, call) => sum + call.readUnits, 0),
  writeUnits: calls.reduce((sum, call) => sum + call.writeUnits, 0),
});

/** `GetItem ×2, TransactWriteItems(4)`: the calls of one request, in order, for tables and comparisons. */
export const describeCalls = (calls: readonly DynamoDbCall[]): string => {
  const groups: { name: string; count: number }[] = [];
  // Calls of one wave were in flight together: the order of their answers says nothing, so they are listed by operation.
  const ordered = [...calls].sort((a, b) => a.wave - b.wave || a.operation.localeCompare(b.operation));
  for (const { operation, items, failed } of ordered) {
    const counted =
      operation === 'TransactWriteItems' || operation === 'BatchWriteItem' ? `${operation}(${items})` : operation;
    const name = failed ? `${counted} (condition failed)` : counted;
    const last = groups.at(-1);
    if (last?.name === name) last.count++;
    else groups.push({ name, count: 1 });
  }
  return groups.map(({ name, count }) => (count > 1 ? `${name} ×${count}` : name)).join(', ');
};

/** Items written by the request's calls. */
export const itemsWritten = (calls: readonly DynamoDbCall[]): number =>
  calls.filter(isWrite).reduce((sum, call) => sum + call.items, 0);
