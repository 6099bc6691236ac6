import { randomUUID } from 'node:crypto';
import { TransactionCanceledException, TransactionInProgressException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { type Change, eventWrite } from '../outbox/outbox.ts';
import { documentClient, tableName } from './client.ts';
import { ConditionFailed, IdempotencyClaimLost, WriteContention } from './errors.ts';
import { completionOfCurrentRequest } from './idempotency-scope.ts';

export type WriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A Put of an item whose key must still be free: a second create under the same key fails its condition. */
export const putNew = (item: Record<string, unknown>): WriteItem => ({
  Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
});

const contentionRetries = 4;
const inProgressRetries = 10;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const conditionFailures = (error: TransactionCanceledException, count: number): ConditionFailed =>
  new ConditionFailed(
    (error.CancellationReasons ?? []).slice(0, count).map((reason) => ({
      failed: reason.Code === 'ConditionalCheckFailed',
      // The document client leaves these items in DynamoDB's wire format.
      item: reason.Item ? unmarshall(reason.Item) : undefined,
    })),
  );

/**
 * The one way anything is written. Every write, of one item or many, is a
 * `TransactWriteItems` with a `ClientRequestToken`:
 *
 * - The SDK re-sends the same token when an answer is lost (timeout, reset,
 *   a 500 after DynamoDB applied the write), and DynamoDB answers a repeated
 *   token with the first outcome for 10 minutes, even if the item changed in
 *   between. A single-item conditional write would instead fail its own
 *   condition on the retry and report a done write as failed.
 * - Deletes are covered too: the item is gone after the first attempt, yet
 *   the repeated token still answers success.
 * - It costs 2 WCU per KB instead of 1 (see docs/reliability.md).
 *
 * Two more items join the same transaction when given:
 * - `change`: the event that announces the change (the outbox of §12): a
 *   change without its event, or an event without its change, cannot happen.
 * - `result`: when the request runs under an `Idempotency-Key`, the record of
 *   its finished response (`result` is what the request answers with), so the
 *   work and its idempotency record commit together or not at all.
 * Failed conditions are reported for `items` only, by their index. `attemptTimeoutMs` replaces the client's
 * 2 s per attempt for a transaction of many items (`bulkAttemptTimeoutMs`).
 */
export const write = async (
  items: readonly WriteItem[],
  outcome: { result?: unknown; change?: Change; attemptTimeoutMs?: number } = {},
): Promise<void> => {
  const completion = 'result' in outcome ? completionOfCurrentRequest(outcome.result) : undefined;
  const transactItems = [
    ...items,
    ...(outcome.change ? [eventWrite(outcome.change)] : []),
    ...(completion ? [completion.item] : []),
  ];
  for (let contention = 0; ; contention++) {
    // A new token only after a definite answer: a cancelled transaction wrote nothing.
    const token = randomUUID();
    try {
      await sendWithToken(transactItems, token, outcome.attemptTimeoutMs);
      completion?.commit();
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code);
      if (completion && codes.at(-1) === 'ConditionalCheckFailed') throw new IdempotencyClaimLost();
      if (codes.includes('ConditionalCheckFailed')) throw conditionFailures(error, items.length);
      if (!codes.includes('TransactionConflict')) throw error;
      if (contention >= contentionRetries) throw new WriteContention({ cause: error });
      await pause(20 * 2 ** contention * Math.random());
    }
  }
};

const sendWithToken = async (transactItems: WriteItem[], token: string, requestTimeout?: number): Promise<void> => {
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient.send(
        new TransactWriteCommand({ TransactItems: transactItems, ClientRequestToken: token }),
        requestTimeout ? { requestTimeout } : {},
      );
      return;
    } catch (error) {
      // The first attempt with this token is still being applied: wait for its outcome, with the same token.
      if (!(error instanceof TransactionInProgressException) || attempt >= inProgressRetries) throw error;
      await pause(50 * (attempt + 1));
    }
  }
};
