import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * One document client per Lambda execution environment, created at import so
 * that warm invocations reuse its connections.
 *
 * Timeouts are bounded on purpose: a request that cannot reach DynamoDB must
 * fail (and become a 503) well within the function timeout.
 */
export const requestTimeoutMs = 2_000;

export const dynamoDbClient = new DynamoDBClient({
  ...(process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {}),
  maxAttempts: 3,
  requestHandler: { connectionTimeout: 1_000, requestTimeout: requestTimeoutMs, throwOnRequestTimeout: true },
});

/**
 * The time one attempt of a transaction near DynamoDB's 100 items may take (`write`'s `attemptTimeoutMs`),
 * for functions whose own timeout leaves room for three of them. DynamoDB applies such a transaction in a
 * fraction of a second, but DynamoDB Local took 1–3.6 s for a collection's 100-item claims on a busy 2-core
 * machine, so with 2 s every attempt timed out and the create answered 503 though nothing was wrong.
 */
export const bulkAttemptTimeoutMs = 6_000;

export const documentClient = DynamoDBDocumentClient.from(dynamoDbClient, {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = (): string => {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
};
