import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '../db/idempotency-records.ts';
import { type ClaimedRequest, runClaimed } from '../db/idempotency-scope.ts';
import { canonicalJson, sha256Hex } from '../hashing.ts';
import type { CallerContext } from './authorization.ts';
import { logger } from './logger.ts';
import { Problem } from './problem.ts';

type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;
type HttpResult = APIGatewayProxyStructuredResultV2;

/** The requests this function claimed a key for. */
const claimed = new WeakMap<APIGatewayProxyEventV2, ClaimedRequest>();

/** A stored response belongs to no request in particular: each answer carries its own request id. */
const withoutRequestId = (response: HttpResult): HttpResult => {
  const { 'x-request-id': _requestId, ...headers } = response.headers ?? {};
  return { ...response, headers };
};

/** The parsed body, canonicalised: formatting and key order do not make another request. */
const bodyFingerprint = (body: unknown): string => {
  try {
    return sha256Hex(canonicalJson(body ?? null));
  } catch {
    // Only a body nested deeper than any of our schemas allows gets here.
    throw new Problem('validation-failed', 'http.nestedTooDeeply', {
      errors: [{ path: 'body', message: 'http.nestedTooDeeplyField' }],
    });
  }
};

const keyOf = (event: APIGatewayProxyEventV2): string | undefined => {
  const key = event.headers['idempotency-key'];
  if (key !== undefined && (key.length < 1 || key.length > 255)) {
    throw new Problem('validation-failed', 'http.idempotencyKeyInvalid', {
      errors: [{ path: 'Idempotency-Key', message: 'http.idempotencyKeyLength' }],
    });
  }
  return key;
};

/**
 * `Idempotency-Key` on POST, as Stripe does it: a retry with the same key and
 * body (per caller and path, for 24 h) gets the first response again, marked
 * `Idempotent-Replayed: true` and with its own `X-Request-Id`, and writes
 * nothing; the same key with another body is 422; while the first request
 * runs, 409.
 *
 * Exactly once: the claim is a write of its own, but the finished response is
 * stored by the work's own transaction (`shared/db/write.ts`), so a request
 * whose work committed can always be replayed and one whose work did not can
 * always be retried. A request that fails gives back only a claim its work
 * never completed.
 *
 * Not @aws-lambda-powertools/idempotency: it stores the response in a write
 * after the work (a lost write there lets a retry do the work twice), adds
 * ~45 KB to every POST bundle (budget: 60 KB), and its middy `onError` deletes
 * the key's record even when the request was refused for a key in use.
 */
const idempotentPost = (): Middleware => ({
  before: async (request) => {
    const key = keyOf(request.event);
    if (key === undefined) return;
    const { caller } = request.context as unknown as CallerContext;
    const fingerprint = sha256Hex(canonicalJson([caller.sub, request.event.rawPath, key]));
    const outcome = await claimIdempotencyKey(fingerprint, bodyFingerprint(request.event.body));
    if (outcome.kind === 'claimed') {
      claimed.set(request.event, outcome.request);
      return;
    }
    if (outcome.kind === 'in-progress') {
      throw new Problem('request-in-progress', 'http.requestInProgress', {
        headers: { 'retry-after': '1' },
      });
    }
    if (outcome.kind === 'other-payload') {
      throw new Problem('idempotency-key-reused', 'http.idempotencyKeyReused');
    }
    const { response } = outcome;
    return {
      ...response,
      headers: {
        ...response.headers,
        'x-request-id': request.event.requestContext.requestId,
        'idempotent-replayed': 'true',
      },
    };
  },
  after: async (request) => {
    const claim = claimed.get(request.event);
    if (claim && !claim.completed && request.response) {
      await completeIdempotencyKey(claim, withoutRequestId(request.response));
    }
  },
  onError: async (request) => {
    const claim = claimed.get(request.event);
    if (!claim || claim.completed) return;
    // The request's own error is what the client must see; a failed release only delays a retry until the lease ends.
    await releaseIdempotencyKey(claim).catch((error: unknown) =>
      logger.warn('idempotency key not released', {
        requestId: request.event.requestContext?.requestId,
        error: error instanceof Error ? error.name : String(error),
      }),
    );
  },
});

/**
 * What `route()` adds for a POST that replays its first answer: the middleware above, and the work
 * run under the request's claim so that its write stores the response (`shared/db/write.ts`).
 * The handler passes it in (`idempotency: idempotencyKeys`) rather than `route()` importing it: it
 * reaches the table, which the functions of the documentation and the signing page never load.
 */
export interface IdempotencyLayer {
  middleware: () => Middleware;
  /** Set when only some requests of the route replay (`idempotencyKeysWhen`): the route table says it does not. */
  partial?: true;
  run: <Result>(
    event: APIGatewayProxyEventV2,
    respond: (result: Result) => HttpResult,
    work: () => Promise<Result>,
  ) => Promise<HttpResult>;
}

/** The layer of a POST that replays every answer (`route()` requires it there, see `IdempotencyRule`). */
export type EveryAnswerReplayed = IdempotencyLayer & { readonly partial?: undefined };
/** The layer of a POST whose answers replay only for some requests (`idempotentReplays: false` in its entry). */
export type SomeAnswersReplayed = IdempotencyLayer & { readonly partial: true };

export const idempotencyKeys: EveryAnswerReplayed = {
  middleware: idempotentPost,
  run: async (event, respond, work) => {
    const claim = claimed.get(event);
    if (!claim) return respond(await work());
    claim.respond = (result) => withoutRequestId(respond(result as Parameters<typeof respond>[0]));
    return respond(await runClaimed(claim, work));
  },
};

/**
 * The layer for a route whose answers may replay only for some requests (`applies` to the parsed body): the
 * others carry a secret the server must not keep, so their key is not claimed and nothing is stored for them.
 * A remote signing session's answer holds no link, while a retry of it must not mail a second one.
 */
export const idempotencyKeysWhen = (applies: (body: unknown) => boolean): SomeAnswersReplayed => ({
  middleware: () => {
    const layer = idempotentPost();
    return { ...layer, before: (request) => (applies(request.event.body) ? layer.before?.(request) : undefined) };
  },
  run: idempotencyKeys.run,
  partial: true,
});
