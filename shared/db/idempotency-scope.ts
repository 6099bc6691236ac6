import { AsyncLocalStorage } from 'node:async_hooks';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { tableName } from './client.ts';
import type { WriteItem } from './write.ts';

/** A request that holds the claim on its Idempotency-Key while its work runs. */
export interface ClaimedRequest {
  readonly key: { pk: string; sk: string };
  /** Unique per request: only the claimant may complete or release the claim. */
  readonly claimToken: string;
  /** The response the request answers with for a given result of its work (without its own request id). */
  respond?: (result: unknown) => APIGatewayProxyStructuredResultV2;
  /** Set once the finished response is stored; nothing is stored twice. */
  completed: boolean;
}

const currentRequest = new AsyncLocalStorage<ClaimedRequest>();

export const runClaimed = <T>(request: ClaimedRequest, work: () => Promise<T>): Promise<T> =>
  currentRequest.run(request, work);

/** The update that turns the claim into the finished response, valid only while the claim is still this request's. */
export const completionItem = (request: ClaimedRequest, response: APIGatewayProxyStructuredResultV2): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: request.key,
    UpdateExpression: 'SET #status = :completed, #response = :response REMOVE leaseUntil',
    ConditionExpression: 'claimToken = :claimToken AND #status = :inProgress',
    ExpressionAttributeNames: { '#status': 'status', '#response': 'response' },
    ExpressionAttributeValues: {
      ':completed': 'completed',
      ':response': response,
      ':claimToken': request.claimToken,
      ':inProgress': 'in-progress',
    },
  },
});

/**
 * The completion a write carries when it is the work of a request under an
 * Idempotency-Key; `commit` is called once the write succeeded.
 */
export const completionOfCurrentRequest = (result: unknown): { item: WriteItem; commit: () => void } | undefined => {
  const request = currentRequest.getStore();
  if (!request?.respond || request.completed) return undefined;
  return {
    item: completionItem(request, request.respond(result)),
    commit: () => {
      request.completed = true;
    },
  };
};

/**
 * The key of the request's claimed Idempotency-Key record, when it has one: work of several writes
 * (a collection's chunks) finds what an earlier attempt of the same request began by it.
 */
export const currentIdempotencyRecordKey = (): string | undefined => currentRequest.getStore()?.key.pk;
