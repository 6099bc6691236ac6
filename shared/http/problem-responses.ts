import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  ConditionFailed,
  IdempotencyClaimLost,
  InvalidCursor,
  NotFound,
  PreconditionFailed,
  WriteContention,
} from '../db/errors.ts';
import { logger } from './logger.ts';
import { type Language, Problem } from './problem.ts';
import { toHttpResult } from './reply.ts';

type Request = middy.Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

// DynamoDB answers these when it is overloaded or briefly unavailable; the SDK
// has already retried them, so the client should come back later.
const unavailableErrorNames = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  // The key service (KMS) behind seals: a seal that cannot be checked now is not an invalid seal.
  'KMSInternalException',
  'KeyUnavailableException',
  'DependencyTimeoutException',
]);
const unavailableErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

const isDatabaseUnavailable = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return unavailableErrorNames.has(error.name) || (typeof code === 'string' && unavailableErrorCodes.has(code));
};

/** The data layer's typed errors, in the route's language. */
const fromDataError = (error: unknown, language: Language): Problem | undefined => {
  const de = language === 'de';
  if (error instanceof NotFound) {
    return new Problem('not-found', de ? notFoundDe[error.entity] : (notFoundEn[error.entity] ?? error.message));
  }
  if (error instanceof PreconditionFailed) {
    const detail = de
      ? error.currentVersion === undefined
        ? 'Der Datensatz wurde von einer anderen Anfrage geändert'
        : `Die aktuelle Version ist ${error.currentVersion}`
      : error.message;
    return new Problem('precondition-failed', detail, {
      headers: error.currentVersion === undefined ? {} : { etag: `"${error.currentVersion}"` },
    });
  }
  if (error instanceof InvalidCursor) {
    return new Problem(
      'invalid-cursor',
      de
        ? 'Verwenden Sie den nextCursor der vorigen Seite derselben Liste'
        : 'Use the nextCursor of the previous page of the same list',
      { errors: [{ path: 'cursor', message: de ? 'Kein Cursor dieser Liste' : 'Not a cursor of this list' }] },
    );
  }
  if (error instanceof WriteContention || error instanceof ConditionFailed) {
    return new Problem(
      'conflict',
      de
        ? 'Gleichzeitige Anfragen haben dieselben Daten geändert; bitte erneut versuchen'
        : 'Concurrent requests changed the same data; retry the request',
      { headers: { 'retry-after': '1' } },
    );
  }
  if (error instanceof IdempotencyClaimLost) {
    return new Problem(
      'request-in-progress',
      de
        ? 'Eine Wiederholung mit diesem Idempotency-Key hat die Anfrage übernommen'
        : 'A retry with this Idempotency-Key took the request over',
      { headers: { 'retry-after': '1' } },
    );
  }
  return undefined;
};

// The studio profile is the one record without an id.
const notFoundEn: Partial<Record<NotFound['entity'], string>> = {
  studio: 'The studio profile has not been set yet (PUT /api/studio)',
};

const notFoundDe = {
  contact: 'Kein Kontakt hat diese ID',
  service: 'Keine Leistung hat diese ID',
  contract: 'Kein Vertrag hat diese ID',
  studio: 'Es gibt noch kein Studioprofil',
  webhook: 'Kein Webhook hat diese ID',
} as const;

const toProblem = (error: unknown, language: Language): Problem => {
  if (error instanceof Problem) return error;
  const fromData = fromDataError(error, language);
  if (fromData) return fromData;
  if (isDatabaseUnavailable(error)) {
    return new Problem('service-unavailable', 'The database is unavailable, try again shortly', {
      headers: { 'retry-after': '1' },
    });
  }
  return new Problem('internal', 'An unexpected error occurred; quote the request id when reporting it');
};

const logFailure = (request: Request, problem: Problem, error: unknown): void => {
  if (problem.status < 500) return;
  // The error's name, message and stack only: never the request, whose body holds personal data.
  logger.error('request failed', {
    requestId: request.event.requestContext?.requestId,
    routeKey: request.event.routeKey,
    status: problem.status,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
};

/** Turns every error into an RFC 9457 response in the route's documentation language. */
export const problemResponses = (
  language: Language,
): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => ({
  onError: async (request) => {
    const problem = toProblem(request.error, language);
    logFailure(request, problem, request.error);
    request.response = toHttpResult(
      { status: problem.status, body: problem.toDocument(language), headers: problem.headers },
      request.event.requestContext?.requestId ?? 'unknown',
      'application/problem+json; charset=utf-8',
    );
  },
});
