import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
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
 * All-or-nothing write. Two transactions touching the same item at once make
 * DynamoDB cancel one with `TransactionConflict`; that one is retried with
 * jitter so that it ends in a real outcome (success or a failed condition).
 */
export const transactWrite = async (items: TransactItem[]): Promise<void> => {
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
