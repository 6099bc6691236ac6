import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { documentClient, tableName } from './client.ts';
import { tableDesign } from './table-design.ts';

/** How long a key and its response are kept (and replayed). */
export const idempotencyWindowSeconds = 24 * 60 * 60;
// Longer than the function timeout (10 s): a record still in progress after
// this belongs to an invocation that died, and the next retry may take over.
const inProgressLeaseMs = 15_000;

export type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'in-progress' }
  | { kind: 'other-payload' }
  | { kind: 'completed'; response: APIGatewayProxyStructuredResultV2 };

const recordKey = (fingerprint: string) => ({ pk: `IDEMPOTENCY#${fingerprint}`, sk: 'IDEMPOTENCY' });

/**
 * Claims a key for one request. The conditional put makes the claim atomic: of
 * two requests with the same key, one claims it and the other learns what the
 * first one did (still running, finished with a response, or another body).
 */
export const claimIdempotencyKey = async (fingerprint: string, payloadHash: string): Promise<ClaimOutcome> => {
  const now = Date.now();
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...recordKey(fingerprint),
          entity: 'idempotency',
          status: 'in-progress',
          payloadHash,
          leaseUntil: now + inProgressLeaseMs,
          [tableDesign.timeToLiveAttribute]: Math.floor(now / 1000) + idempotencyWindowSeconds,
        },
        // DynamoDB deletes expired items only eventually, so expiry is checked here too.
        ConditionExpression:
          'attribute_not_exists(pk) OR #expires < :nowSeconds OR (#status = :inProgress AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#expires': tableDesign.timeToLiveAttribute, '#status': 'status' },
        ExpressionAttributeValues: { ':nowSeconds': Math.floor(now / 1000), ':now': now, ':inProgress': 'in-progress' },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { kind: 'claimed' };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException) || !error.Item) throw error;
    // The document client leaves this item in DynamoDB's wire format.
    const existing = unmarshall(error.Item) as {
      payloadHash?: string;
      status?: string;
      response?: APIGatewayProxyStructuredResultV2;
    };
    if (existing.payloadHash !== payloadHash) return { kind: 'other-payload' };
    if (existing.status !== 'completed' || !existing.response) return { kind: 'in-progress' };
    return { kind: 'completed', response: existing.response };
  }
};

export const completeIdempotencyKey = async (
  fingerprint: string,
  response: APIGatewayProxyStructuredResultV2,
): Promise<void> => {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: recordKey(fingerprint),
      UpdateExpression: 'SET #status = :completed, #response = :response REMOVE leaseUntil',
      ExpressionAttributeNames: { '#status': 'status', '#response': 'response' },
      ExpressionAttributeValues: { ':completed': 'completed', ':response': response },
    }),
  );
};

/** A failed request keeps nothing: its retry runs again. */
export const releaseIdempotencyKey = async (fingerprint: string): Promise<void> => {
  await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: recordKey(fingerprint) }));
};
