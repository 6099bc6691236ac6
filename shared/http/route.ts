import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as v from 'valibot';
import {
  fallbackRoute,
  languageOf,
  type RouteDefinition,
  type RouteEntry,
  type RouteName,
  routeDefinition,
} from '../routes.ts';
import type { Caller } from './authorization.ts';
import { bodyLimit } from './body-limit.ts';
import { bearer, type CallerKind, type Identified, publicCaller } from './caller-kinds.ts';
import type { EveryAnswerReplayed, IdempotencyLayer, SomeAnswersReplayed } from './idempotency.ts';
import { isWellFormedId } from './ids.ts';
import { parseIfMatch, type VersionPrecondition } from './if-match.ts';
import { jsonBody } from './json-body.ts';
import { Problem } from './problem.ts';
import { problemResponses } from './problem-responses.ts';
import { type Reply, toHttpResult } from './reply.ts';
import { requestLog } from './request-log.ts';
import { parseOrThrow } from './validate.ts';

export type RouteContext<Body, Query, Extra = Record<never, never>> = Extra & {
  event: APIGatewayProxyEventV2;
  body: Body;
  query: Query;
  /** The `{id}` path parameter, already checked to be one of our ids. */
  id: string;
  ifMatch: VersionPrecondition | undefined;
  requestId: string;
  /**
   * Who calls, already checked by the route's caller kind: for a bearer JWT its `sub` and the API
   * roles among its groups. Record `caller.sub` on every write.
   */
  caller: Caller;
};

type Output<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

interface RouteOptions<BodySchema, QuerySchema, Extra> {
  /** How the function checks who calls, on a public route only (`CallerRule`); a route with roles has a bearer JWT. */
  caller?: CallerKind<Extra>;
  body?: BodySchema;
  query?: QuerySchema;
  /** The Idempotency-Key layer, which a POST that replays must be given (`IdempotencyRule`), and only such a POST. */
  idempotency?: IdempotencyLayer;
}

/*
 * What a route's entry (its area's `area.ts`) says, a handler does not say again; the compiler holds the handler's
 * options to the entry. The caller kind: a route with roles is checked by the gateway's JWT authorizer and takes
 * no `caller`; a `public` one is checked by nobody at the gateway, so its handler must name the function's own
 * check (`publicCaller` for anyone, `signingToken(…)`). The replay rule: a POST replays its first answer unless
 * its entry says `idempotentReplays: false`, and is given the layer that does it; the layer is passed in rather
 * than imported here because it reaches the table, which the documentation's and the signing page's functions
 * never load.
 */
type CallerRule<Entry> = Entry extends { readonly roles: 'public' }
  ? { caller: { readonly gateway: 'public' } }
  : { caller?: never };

type IdempotencyRule<Entry> = Entry extends { readonly method: 'POST' }
  ? Entry extends { readonly idempotentReplays: false }
    ? { idempotency?: SomeAnswersReplayed }
    : { idempotency: EveryAnswerReplayed }
  : { idempotency?: never };

/** The options a handler of the route `Name` takes. */
type OptionsOf<Name extends RouteName, BodySchema, QuerySchema, Extra> = RouteOptions<BodySchema, QuerySchema, Extra> &
  CallerRule<RouteEntry<Name>> &
  IdempotencyRule<RouteEntry<Name>>;

interface ReplyOption<Result> {
  /**
   * Shapes the work's result into the response. Kept apart from the work so
   * that a POST under an Idempotency-Key can store its response in the same
   * transaction as the work (see `shared/db/write.ts`). Without it the work returns the reply itself.
   */
  reply: (result: Result) => Reply;
}

type Work<BodySchema, QuerySchema, Extra, Result> = (
  context: RouteContext<Output<BodySchema>, Output<QuerySchema>, Extra>,
) => Promise<Result>;

export type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: unknown,
) => Promise<APIGatewayProxyStructuredResultV2>;

type Definition = Pick<RouteDefinition, 'name' | 'language' | 'roles'> & Partial<RouteDefinition>;

/**
 * What a function must not be built with, which the compiler refuses already (`CallerRule`, `IdempotencyRule`);
 * checked again as it loads, for a caller the types do not reach: a caller kind that does not fit the gateway's
 * check (a hole), or a POST that replays without its Idempotency-Key layer (or replays every answer although the
 * table says it keeps none).
 */
const misfit = (definition: Definition, kind: CallerKind<unknown>, replays: boolean, layer?: IdempotencyLayer) => {
  if (kind.gateway !== (definition.roles === 'public' ? 'public' : 'roles')) {
    return kind === bearer ? 'is public: pass caller: publicCaller or signingToken(…)' : 'has roles: drop caller';
  }
  // A route that replays none of its answers may still replay some (idempotencyKeysWhen), never all.
  if (replays ? layer === undefined || layer.partial : layer !== undefined && !layer.partial)
    return replays ? 'replays: pass idempotency: idempotencyKeys' : 'replays nothing';
  return undefined;
};

const pathId = (event: APIGatewayProxyEventV2): string => {
  const id = event.pathParameters?.id;
  if (id === undefined) return '';
  // A malformed id cannot name a record, so it is answered like an unknown one.
  if (!isWellFormedId(id)) throw new Problem('not-found', 'http.noRecordWithId');
  return id;
};

/**
 * The one HTTP pipeline every function runs through: one access line per request, no early-timeout
 * timer, every error as problem+json in the route's language; then who calls (403 or 401 before
 * anything else is looked at), body limit and JSON parsing (only for routes with a body), the
 * Idempotency-Key layer (POSTs that replay), validation against the route's schemas, and the
 * endpoint's own work.
 */
export function route<
  Name extends RouteName,
  BodySchema extends v.GenericSchema | undefined,
  QuerySchema extends v.GenericSchema | undefined,
  Extra = Record<never, never>,
>(
  name: Name,
  options: OptionsOf<Name, BodySchema, QuerySchema, Extra> & { reply?: undefined },
  run: Work<BodySchema, QuerySchema, Extra, Reply>,
): LambdaHandler;
export function route<
  Name extends RouteName,
  BodySchema extends v.GenericSchema | undefined,
  QuerySchema extends v.GenericSchema | undefined,
  Result,
  Extra = Record<never, never>,
>(
  name: Name,
  options: OptionsOf<Name, BodySchema, QuerySchema, Extra> & ReplyOption<Result>,
  run: Work<BodySchema, QuerySchema, Extra, Result>,
): LambdaHandler;
export function route<
  BodySchema extends v.GenericSchema | undefined,
  QuerySchema extends v.GenericSchema | undefined,
  Result,
  Extra,
>(
  name: RouteName,
  options: RouteOptions<BodySchema, QuerySchema, Extra> & Partial<ReplyOption<Result>>,
  run: Work<BodySchema, QuerySchema, Extra, Result>,
): LambdaHandler {
  return pipeline(routeDefinition(name), options, run);
}

/**
 * API Gateway's `$default` route, which every unknown method and path reaches: the same pipeline,
 * public, without the route table, which `routeDefinition` would bring into its bundle.
 */
export const defaultRoute = (run: (event: APIGatewayProxyEventV2) => Promise<never>): LambdaHandler =>
  pipeline(fallbackRoute, { caller: publicCaller }, ({ event }) => run(event));

const pipeline = <
  BodySchema extends v.GenericSchema | undefined,
  QuerySchema extends v.GenericSchema | undefined,
  Result,
  Extra,
>(
  definition: Definition,
  options: RouteOptions<BodySchema, QuerySchema, Extra> & Partial<ReplyOption<Result>>,
  run: Work<BodySchema, QuerySchema, Extra, Result>,
): LambdaHandler => {
  const kind = (options.caller ?? bearer) as CallerKind<Extra>;
  const replays = definition.method === 'POST' && definition.idempotentReplays !== false;
  const refusal = misfit(definition, kind as CallerKind<unknown>, replays, options.idempotency);
  if (refusal) throw new Error(`${definition.name} ${refusal}`);

  // No early-timeout timer per request: the DynamoDB client's own timeouts end a stuck call first.
  const middleware = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>({ timeoutEarlyInMillis: 0 })
    .use(requestLog())
    .use(problemResponses(languageOf(definition)))
    .use({
      before: async (request) => {
        // On the context, where the Idempotency-Key layer and the endpoint find the caller.
        Object.assign(request.context, await kind.identify(request.event, { roles: definition.roles, replays }));
      },
    });
  if (options.body) middleware.use(bodyLimit()).use(jsonBody());
  // After parsing, so that the stored body hash ignores JSON formatting; after the caller, so keys are per caller.
  if (options.idempotency) middleware.use(options.idempotency.middleware());
  const reply = (options.reply ?? ((result: Result) => result as Reply)) as (result: Result) => Reply;

  return middleware.handler(async (event, lambdaContext) => {
    const { caller, extra } = lambdaContext as unknown as Identified<Extra>;
    kind.admit?.(extra);
    const requestId = event.requestContext?.requestId ?? 'unknown';
    const context = {
      ...extra,
      event,
      caller,
      id: pathId(event),
      body: options.body ? parseOrThrow(options.body, event.body, 'body') : undefined,
      query: options.query ? parseOrThrow(options.query, event.queryStringParameters ?? {}, 'query') : undefined,
      ifMatch: parseIfMatch(event.headers?.['if-match']),
      requestId,
    } as RouteContext<Output<BodySchema>, Output<QuerySchema>, Extra>;
    const respond = (result: Result) => toHttpResult(reply(result), requestId);
    if (!options.idempotency) return respond(await run(context));
    return options.idempotency.run(event, respond, () => run(context));
  }) as unknown as LambdaHandler;
};
