import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '../db/idempotency-records.ts';
import { canonicalJson, sha256Hex } from '../hashing.ts';
import type { CallerContext } from './authorization.ts';
import { Problem } from './problem.ts';

type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

/** The requests this function claimed a key for, and that key's fingerprint. */
const claimed = new WeakMap<APIGatewayProxyEventV2, string>();

/** The parsed body, canonicalised: formatting and key order do not make another request. */
const bodyFingerprint = (body: unknown): string => {
  try {
    return sha256Hex(canonicalJson(body ?? null));
  } catch {
    // Only a body nested deeper than any of our schemas allows gets here.
    throw new Problem('validation-failed', 'The request body is nested too deeply', {
      errors: [{ path: 'body', message: 'Nested too deeply' }],
    });
  }
};

const keyOf = (event: APIGatewayProxyEventV2): string | undefined => {
  const key = event.headers['idempotency-key'];
  if (key !== undefined && (key.length < 1 || key.length > 255)) {
    throw new Problem('validation-failed', 'The Idempotency-Key header is invalid', {
      errors: [{ path: 'Idempotency-Key', message: 'Must be 1 to 255 characters' }],
    });
  }
  return key;
};

/**
 * `Idempotency-Key` on POST, as Stripe does it: a retry with the same key and
 * body (per caller and path, for 24 h) gets the first response again, marked
 * `Idempotent-Replayed: true`, and writes nothing; the same key with another
 * body is 422; while the first request runs, 409. Only successful responses
 * are kept, so a retry after an error runs again.
 *
 * Not @aws-lambda-powertools/idempotency: with its JMESPath engine it adds
 * ~45 KB to every POST bundle (budget: 60 KB), and its middy `onError` deletes
 * the key's record even when the request was refused for a key in use.
 */
export const idempotentPost = (): Middleware => ({
  before: async (request) => {
    const key = keyOf(request.event);
    if (key === undefined) return;
    const { caller } = request.context as unknown as CallerContext;
    const fingerprint = sha256Hex(canonicalJson([caller.sub, request.event.rawPath, key]));
    const outcome = await claimIdempotencyKey(fingerprint, bodyFingerprint(request.event.body));
    if (outcome.kind === 'claimed') {
      claimed.set(request.event, fingerprint);
      return;
    }
    if (outcome.kind === 'in-progress') {
      throw new Problem('request-in-progress', 'Wait for the first request with this key to finish, then retry', {
        headers: { 'retry-after': '1' },
      });
    }
    if (outcome.kind === 'other-payload') {
      throw new Problem('idempotency-key-reused', 'Use a new Idempotency-Key for a different request');
    }
    return { ...outcome.response, headers: { ...outcome.response.headers, 'idempotent-replayed': 'true' } };
  },
  after: async (request) => {
    const fingerprint = claimed.get(request.event);
    if (fingerprint && request.response) await completeIdempotencyKey(fingerprint, request.response);
  },
  onError: async (request) => {
    const fingerprint = claimed.get(request.event);
    if (fingerprint) await releaseIdempotencyKey(fingerprint);
  },
});
