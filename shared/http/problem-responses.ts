import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  ConditionFailed,
  type EntityName,
  IdempotencyClaimLost,
  InvalidCursor,
  NotFound,
  PreconditionFailed,
  WriteContention,
} from '../db/errors.ts';
import { inLanguage, type Language, type Localized, localized } from '../messages/index.ts';
import { areaProblems } from './area-problems.ts';
import { entityTag } from './if-match.ts';
import { logger } from './logger.ts';
import { Problem } from './problem.ts';
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

// An area names each entity together with its not-found text in both languages (`entities` in its area.ts); a
// reference in a body that names nothing (a 422) says it with the same words.
export const notFoundDetail =
  (entity: EntityName): Localized =>
  (language) =>
    inLanguage(areaProblems.notFound[entity] ?? {}, language);

/** The data layer's typed errors as problems; their texts are written in the route's language at the edge. */
const fromDataError = (error: unknown): Problem | undefined => {
  if (error instanceof NotFound) return new Problem('not-found', notFoundDetail(error.entity));
  if (error instanceof PreconditionFailed) {
    const { currentVersion } = error;
    return new Problem(
      'precondition-failed',
      currentVersion === undefined ? 'data.recordChanged' : localized('data.currentVersion', currentVersion),
      { headers: currentVersion === undefined ? {} : { etag: entityTag(currentVersion) } },
    );
  }
  if (error instanceof InvalidCursor) {
    return new Problem('invalid-cursor', 'data.cursorOfOtherList', {
      errors: [{ path: 'cursor', message: 'data.notACursorOfThisList' }],
    });
  }
  if (error instanceof WriteContention || error instanceof ConditionFailed) {
    return new Problem('conflict', 'data.concurrentChange', { headers: { 'retry-after': '1' } });
  }
  // The store of originals' errors (shared/documents/originals/errors.ts), by name: importing their classes
  // would put them into every bundle. A stored document that fails its check is never served: a 500, and
  // its error log line is the alarm.
  if (error instanceof Error && error.name === 'DocumentIntegrityError')
    return new Problem('internal', 'data.unexpected');
  if (error instanceof Error && error.name === 'DocumentNotStored')
    return new Problem('not-found', notFoundDetail('document'));
  if (error instanceof IdempotencyClaimLost) {
    return new Problem('request-in-progress', 'data.claimTakenOver', { headers: { 'retry-after': '1' } });
  }
  return undefined;
};

const toProblem = (error: unknown): Problem => {
  if (error instanceof Problem) return error;
  const fromData = fromDataError(error);
  if (fromData) return fromData;
  if (isDatabaseUnavailable(error)) {
    return new Problem('service-unavailable', 'data.databaseUnavailable', { headers: { 'retry-after': '1' } });
  }
  return new Problem('internal', 'data.unexpected');
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
    const problem = toProblem(request.error);
    logFailure(request, problem, request.error);
    request.response = toHttpResult(
      { status: problem.status, body: problem.toDocument(language), headers: problem.headers },
      request.event.requestContext?.requestId ?? 'unknown',
      'application/problem+json; charset=utf-8',
    );
  },
});
