import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { now } from '../clock.ts';
import { tableName } from '../db/client.ts';
import type { WriteItem } from '../db/write.ts';
import { Problem } from '../http/problem.ts';
import { declarationRateKey } from './entity.ts';
import { declarationTexts } from './texts.ts';

/**
 * Declarations per client and window: a customer files one or two; more from one address is a script. Room for
 * twenty, because many customers can share one address (a mobile carrier's NAT, an office). The client is API
 * Gateway's `sourceIp` (the address the gateway saw, not a header the client could set).
 */
export const declarationRateLimit = { perWindow: 20, windowSeconds: 600 } as const;

/** The count of one more declaration from the request's client, and the 429 its failed condition means. */
export interface RateCount {
  /** Grows the client's counter of the current window, on condition that it is still under the limit. */
  readonly write: WriteItem;
  /** 429 with `Retry-After`: the seconds until the window ends. */
  readonly refusal: () => Problem;
}

/**
 * One counter item per client and window (its start in the key), removed by DynamoDB's TTL once the window is
 * over. The count joins the declaration's own transaction: a refused declaration is not stored, a stored one
 * counted once, whatever is retried.
 */
export const rateCountOf = (event: APIGatewayProxyEventV2): RateCount => {
  const client = event.requestContext?.http?.sourceIp || 'unknown';
  const seconds = Math.floor(now().getTime() / 1000);
  const { perWindow, windowSeconds } = declarationRateLimit;
  const windowStart = seconds - (seconds % windowSeconds);
  const windowEnd = windowStart + windowSeconds;
  return {
    write: {
      Update: {
        TableName: tableName(),
        Key: declarationRateKey(client, windowStart),
        UpdateExpression: 'ADD #count :one SET expiresAt = :expiresAt, entity = :entity',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': perWindow,
          ':expiresAt': windowEnd,
          ':entity': 'declarationRate',
        },
      },
    },
    refusal: () => {
      const retryAfter = Math.max(1, windowEnd - seconds);
      return new Problem(
        'declarations-rate-limited',
        declarationTexts.localized('rateLimited', Math.ceil(retryAfter / 60)),
        {
          headers: { 'retry-after': String(retryAfter) },
        },
      );
    },
  };
};
