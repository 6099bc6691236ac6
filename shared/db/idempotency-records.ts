import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { tableName } from './client.ts';
import { ConditionFailed } from './errors.ts';
import { type ClaimedRequest, completionItem } from './idempotency-scope.ts';
import { tableDesign } from './table-design.ts';
import { write } from './write.ts';

/** How long a key and its response are kept (and replayed). */
export const idempotencyWindowSeconds = 24 * 60 * 60;
// Longer than the function timeout (10 s): a claim still in progress after
// this belongs to an invocation that died, and the next retry may take over.
const inProgressLeaseMs = 15_000;

export type ClaimOutcome =
  | { kind: 'claimed'; request: ClaimedRequest }
  | { kind: 'in-progress' }
  | { kind: 'other-payload' }
  | { kind: 'completed'; response: APIGatewayProxyStructuredResultV2 };

const recordKey = (fingerprint: string) => ({ pk: `IDEMPOTENCY#${fingerprint}`, sk: 'IDEMPOTENCY' });

/**
 * Claims a key for one request, in a write of its own: of two requests with
 * the same key, one claims it and the other learns what the first one did
 * (still running, finished with a response, or another body). The finished
 * response is stored later by the work's own transaction (`write`).
 */
export const claimIdempotencyKey = async (fingerprint: string, payloadHash: string): Promise<ClaimOutcome> => {
  const now = Date.now();
  const request: ClaimedRequest = { key: recordKey(fingerprint), claimToken: randomUUID(), completed: false };
  try {
    await write([
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...request.key,
            entity: 'idempotency',
            status: 'in-progress',
            claimToken: request.claimToken,
            payloadHash,
            leaseUntil: now + inProgressLeaseMs,
            [tableDesign.timeToLiveAttribute]: Math.floor(now / 1000) + idempotencyWindowSeconds,
          },
          // DynamoDB deletes expired items only eventually, so expiry is checked here too.
          ConditionExpression:
            'attribute_not_exists(pk) OR #expires < :nowSeconds OR (#status = :inProgress AND leaseUntil < :now)',
          ExpressionAttributeNames: { '#expires': tableDesign.timeToLiveAttribute, '#status': 'status' },
          ExpressionAttributeValues: {
            ':nowSeconds': Math.floor(now / 1000),
            ':now': now,
            ':inProgress': 'in-progress',
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
    ]);
    return { kind: 'claimed', request };
  } catch (error) {
    if (!(error instanceof ConditionFailed)) {
      // Whether the claim was stored is unknown: take it back, or its retry would wait for the lease.
      await releaseIdempotencyKey(request).catch(() => undefined);
      throw error;
    }
    const existing = error.itemAt(0) as
      | { payloadHash?: string; status?: string; response?: APIGatewayProxyStructuredResultV2 }
      | undefined;
    if (existing?.payloadHash !== payloadHash) return { kind: 'other-payload' };
    if (existing.status !== 'completed' || !existing.response) return { kind: 'in-progress' };
    return { kind: 'completed', response: existing.response };
  }
};

/** Stores the response of a request whose work wrote nothing (so no transaction carried it). */
export const completeIdempotencyKey = async (
  request: ClaimedRequest,
  response: APIGatewayProxyStructuredResultV2,
): Promise<void> => {
  await write([completionItem(request, response)]);
  request.completed = true;
};

/**
 * A request that failed gives its key back, so that a retry runs again. Only
 * an unfinished claim of this very request is deleted: when the work's
 * transaction did commit (with its response) although the request saw an
 * error, the response stays and the retry gets it.
 */
export const releaseIdempotencyKey = async (request: ClaimedRequest): Promise<void> => {
  try {
    await write([
      {
        Delete: {
          TableName: tableName(),
          Key: request.key,
          ConditionExpression: 'claimToken = :claimToken AND #status = :inProgress',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':claimToken': request.claimToken, ':inProgress': 'in-progress' },
        },
      },
    ]);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
};
