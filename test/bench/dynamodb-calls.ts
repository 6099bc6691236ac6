import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** One request the document client sent, with what DynamoDB charged for it. */
export interface DynamoDbCall {
  /** `GetItem`, `Query`, `TransactWriteItems`, … */
  operation: string;
  /** Items the call wrote (puts, updates, deletes, condition checks) or read (returned items). */
  items: number;
  readUnits: number;
  writeUnits: number;
  /** The call failed (a condition, say); DynamoDB reports no capacity for failed calls. */
  failed?: true;
}

export interface CallRecorder {
  /** Runs `work` with `ReturnConsumedCapacity: 'TOTAL'` on every request and returns the calls it made. */
  record(work: () => Promise<unknown>): Promise<DynamoDbCall[]>;
}

const readOperations = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);

// DynamoDB reports one number per table (table and indexes together); read or
// write follows from the operation.
const toCall = (operation: string, input: CallInput, output: CallOutput): DynamoDbCall => {
  const units = [output.ConsumedCapacity ?? []].flat().reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
  const isRead = readOperations.has(operation);
  const items = input.TransactItems?.length ?? output.Count ?? (output.Item ? 1 : isRead ? 0 : 1);
  return { operation, items, readUnits: isRead ? units : 0, writeUnits: isRead ? 0 : units };
};

interface CallInput {
  TransactItems?: unknown[];
}

interface CallOutput {
  ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[];
  Count?: number;
  Item?: unknown;
}

/**
 * Watches the shared document client from the outside, so handlers are
 * measured unchanged: a middleware on the client's stack asks DynamoDB for the
 * consumed capacity while a recording is running and notes each call. Outside
 * a recording it passes requests through untouched.
 */
export const recordCalls = (client: DynamoDBDocumentClient): CallRecorder => {
  let calls: DynamoDbCall[] | undefined;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const recording = calls;
      if (!recording) return next(args);
      const input = { ...(args.input as CallInput), ReturnConsumedCapacity: 'TOTAL' };
      const operation = (context.commandName ?? 'Unknown').replace(/Command$/, '');
      try {
        const result = await next({ ...args, input });
        recording.push(toCall(operation, input, result.output as CallOutput));
        return result;
      } catch (error) {
        recording.push({ ...toCall(operation, input, {}), failed: true });
        throw error;
      }
    },
    { step: 'initialize', name: 'benchCallRecorder' },
  );
  return {
    async record(work) {
      if (calls) throw new Error('Recordings do not nest');
      calls = [];
      try {
        await work();
        return calls;
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

const writeOperations = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

/** `GetItem ×2, TransactWriteItems(4)`: the calls of one request, in order, for tables and comparisons. */
export const describeCalls = (calls: readonly DynamoDbCall[]): string => {
  const groups: { name: string; count: number }[] = [];
  for (const { operation, items, failed } of calls) {
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
  calls.filter((call) => writeOperations.has(call.operation)).reduce((sum, call) => sum + call.items, 0);
