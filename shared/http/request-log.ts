import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { logger } from './logger.ts';

type Request = middy.Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

const started = new WeakMap<object, number>();

const logOutcome = (request: Request) => {
  const start = started.get(request.event);
  logger.info('request', {
    requestId: request.event.requestContext?.requestId,
    routeKey: request.event.routeKey,
    status: request.response?.statusCode,
    durationMs: start === undefined ? undefined : Math.round(performance.now() - start),
  });
};

/**
 * One access line per request with the API Gateway request id: enough to
 * follow a request, and nothing from its body (no personal data).
 */
export const requestLog = (): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => ({
  before: (request) => {
    started.set(request.event, performance.now());
  },
  after: logOutcome,
  onError: logOutcome,
});
