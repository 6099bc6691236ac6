import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
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
]);
const unavailableErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

const isDatabaseUnavailable = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return unavailableErrorNames.has(error.name) || (typeof code === 'string' && unavailableErrorCodes.has(code));
};

/** middy's body parser reports both a wrong Content-Type and broken JSON as 415. */
const fromBodyParser = (error: { statusCode?: unknown; message: string }): Problem | undefined => {
  if (error.statusCode !== 415) return undefined;
  return error.message.startsWith('Invalid or malformed JSON')
    ? new Problem('malformed-json', 'The request body could not be parsed as JSON')
    : new Problem('unsupported-media-type', 'Send the body as application/json');
};

const toProblem = (error: unknown): Problem => {
  if (error instanceof Problem) return error;
  if (error instanceof Error) {
    const known = fromBodyParser(error as Error & { statusCode?: unknown });
    if (known) return known;
  }
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
    const problem = toProblem(request.error);
    logFailure(request, problem, request.error);
    request.response = toHttpResult(
      { status: problem.status, body: problem.toDocument(language), headers: problem.headers },
      request.event.requestContext?.requestId ?? 'unknown',
      'application/problem+json; charset=utf-8',
    );
  },
});
