import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { Problem } from '../http/problem.ts';
import { documentClient } from './client.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Which items of a cancelled transaction failed their condition, and the item each saw. */
export class ConditionsFailed extends Error {
  constructor(readonly failed: ReadonlyArray<{ failed: boolean; item: Record<string, unknown> | undefined }>) {
    super('A condition of the transaction failed');
    this.name = 'ConditionsFailed';
  }

  at(index: number): boolean {
    return this.failed[index]?.failed ?? false;
  }
}

const conflictRetries = 4;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A transaction of one write is that conditional write at twice the price
 * (2 WCU per KB instead of 1), so it is sent alone, its failed condition
 * reported as for a transaction. False when it must go as a transaction after
 * all: a lone ConditionCheck, or a running transaction on the item.
 */
const writeAlone = async (item: TransactItem): Promise<boolean> => {
  const sent = item.Put
    ? documentClient.send(new PutCommand(item.Put))
    : item.Update
      ? documentClient.send(new UpdateCommand(item.Update))
      : item.Delete
        ? documentClient.send(new DeleteCommand(item.Delete))
        : undefined;
  if (!sent) return false;
  try {
    await sent;
    return true;
  } catch (error) {
    if (error instanceof TransactionConflictException) return false;
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    throw new ConditionsFailed([{ failed: true, item: error.Item ? unmarshall(error.Item) : undefined }]);
  }
};

/**
 * All-or-nothing write. Two transactions touching the same item at once make
 * DynamoDB cancel one with `TransactionConflict`; that one is retried with
 * jitter so that it ends in a real outcome (success or a failed condition).
 */
export const transactWrite = async (items: TransactItem[]): Promise<void> => {
  const [only] = items;
  if (items.length === 1 && only && (await writeAlone(only))) return;
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const codes = reasons.map((reason) => reason.Code);
      if (codes.includes('ConditionalCheckFailed')) {
        throw new ConditionsFailed(
          reasons.map((reason) => ({
            failed: reason.Code === 'ConditionalCheckFailed',
            // The document client leaves these items in DynamoDB's wire format.
            item: reason.Item ? unmarshall(reason.Item) : undefined,
          })),
        );
      }
      if (!codes.includes('TransactionConflict')) throw error;
      if (attempt >= conflictRetries) {
        throw new Problem('conflict', 'A concurrent request changed the same data; retry the request', {
          cause: error,
        });
      }
      await pause(20 * 2 ** attempt * Math.random());
    }
  }
};
