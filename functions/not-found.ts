import middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Problem } from '#shared/http/problem.ts';
import { problemResponses } from '#shared/http/problem-responses.ts';

/** API Gateway's `$default` route: its own 404 is not problem+json, ours is. */
export const handler = middy<APIGatewayProxyEventV2>()
  .use(problemResponses('en'))
  .handler(async (event) => {
    throw new Problem('route-not-found', `There is no route ${event.requestContext.http.method} ${event.rawPath}`);
  });
