import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as v from 'valibot';
import { runClaimed } from '../db/idempotency-scope.ts';
import { languageOf, type RouteName, routeDefinition } from '../routes.ts';
import { authorization, type Caller, type CallerContext } from './authorization.ts';
import { bodyLimit } from './body-limit.ts';
import { claimedRequestOf, idempotentPost, withoutRequestId } from './idempotency.ts';
import { isWellFormedId } from './ids.ts';
import { parseIfMatch, type VersionPrecondition } from './if-match.ts';
import { jsonBody } from './json-body.ts';
import { Problem } from './problem.ts';
import { problemResponses } from './problem-responses.ts';
import { type Reply, toHttpResult } from './reply.ts';
import { requestLog } from './request-log.ts';
import { parseOrThrow } from './validate.ts';

export interface RouteContext<Body, Query> {
  event: APIGatewayProxyEventV2;
  body: Body;
  query: Query;
  /** The `{id}` path parameter, already checked to be one of our ids. */
  id: string;
  ifMatch: VersionPrecondition | undefined;
  requestId: string;
  /**
   * The token's `sub` and the API roles among its groups, already checked
   * against the route's roles. Record `caller.sub` on every write.
   */
  caller: Caller;
}

interface RouteOptions<BodySchema, QuerySchema, Result> {
  body?: BodySchema;
  query?: QuerySchema;
  /**
   * Shapes the work's result into the response. Kept apart from the work so
   * that a POST under an Idempotency-Key can store its response in the same
   * transaction as the work (see `shared/db/write.ts`).
   */
  reply: (result: Result) => Reply;
}

type Output<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

export type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: unknown,
) => Promise<APIGatewayProxyStructuredResultV2>;

const pathId = (event: APIGatewayProxyEventV2): string => {
  const id = event.pathParameters?.id;
  if (id === undefined) return '';
  // A malformed id cannot name a record, so it is answered like an unknown one.
  if (!isWellFormedId(id)) throw new Problem('not-found', 'http.noRecordWithId');
  return id;
};

/**
 * The HTTP pipeline every endpoint runs through: the route's roles (403 before
 * anything else is looked at), body limit and JSON parsing (only for routes
 * with a body), validation against the route's schemas, then the endpoint's
 * own work; every error leaves as problem+json.
 */
export const route = <
  BodySchema extends v.GenericSchema | undefined,
  QuerySchema extends v.GenericSchema | undefined,
  Result,
>(
  name: RouteName,
  options: RouteOptions<BodySchema, QuerySchema, Result>,
  run: (context: RouteContext<Output<BodySchema>, Output<QuerySchema>>) => Promise<Result>,
): LambdaHandler => {
  const definition = routeDefinition(name);
  const language = languageOf(definition);
  // No early-timeout timer per request: the DynamoDB client's own timeouts end a stuck call first.
  const pipeline = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>({ timeoutEarlyInMillis: 0 })
    .use(requestLog())
    .use(problemResponses(language))
    .use(authorization(definition.roles));
  if (options.body) pipeline.use(bodyLimit()).use(jsonBody());
  // After parsing, so that the stored body hash ignores JSON formatting; after authorization, so keys are per caller.
  if (definition.method === 'POST' && definition.idempotentReplays !== false) pipeline.use(idempotentPost());

  return pipeline.handler(async (event, lambdaContext) => {
    const context = {
      event,
      caller: (lambdaContext as unknown as CallerContext).caller,
      id: pathId(event),
      body: options.body ? parseOrThrow(options.body, event.body, 'body') : undefined,
      query: options.query ? parseOrThrow(options.query, event.queryStringParameters ?? {}, 'query') : undefined,
      ifMatch: parseIfMatch(event.headers['if-match']),
      requestId: event.requestContext.requestId,
    } as RouteContext<Output<BodySchema>, Output<QuerySchema>>;
    const respond = (result: Result) => toHttpResult(options.reply(result), context.requestId);
    const claim = claimedRequestOf(event);
    if (!claim) return respond(await run(context));
    claim.respond = (result) => withoutRequestId(respond(result as Result));
    return respond(await runClaimed(claim, () => run(context)));
  }) as unknown as LambdaHandler;
};
