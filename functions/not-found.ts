import middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Problem } from '#shared/http/problem.ts';
import { problemResponses } from '#shared/http/problem-responses.ts';
import { localized } from '#shared/messages/index.ts';
import { fallbackRoute, languageOf } from '#shared/routes.ts';

/** API Gateway's `$default` route: its own 404 is not problem+json, ours is. */
export const handler = middy<APIGatewayProxyEventV2>()
  .use(problemResponses(languageOf(fallbackRoute)))
  .handler(async (event) => {
    throw new Problem(
      'route-not-found',
      localized('http.noSuchRoute', event.requestContext.http.method, event.rawPath),
    );
  });
