import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { languageOf, type RouteName, routeDefinition } from '../routes.ts';
import { problemResponses } from './problem-responses.ts';
import { type Reply, toHttpResult } from './reply.ts';
import type { LambdaHandler } from './route.ts';

/**
 * The pipeline of a public route that serves the same thing to everyone (the
 * API documentation): no token, no body, no table, so none of `route()`'s
 * authorization, parsing, validation or idempotency, only errors as problem+json.
 */
export const staticRoute = (name: RouteName, run: (event: APIGatewayProxyEventV2) => Promise<Reply>): LambdaHandler => {
  const definition = routeDefinition(name);
  if (definition.roles !== 'public' || definition.data !== 'none') {
    throw new Error(`${name} is not a public route without data: use route()`);
  }
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(problemResponses(languageOf(definition)))
    .handler(async (event) =>
      toHttpResult(await run(event), event.requestContext?.requestId ?? 'unknown'),
    ) as unknown as LambdaHandler;
};
