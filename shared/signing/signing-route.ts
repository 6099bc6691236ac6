import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as v from 'valibot';
import { runClaimed } from '../db/idempotency-scope.ts';
import type { CallerContext } from '../http/authorization.ts';
import { bodyLimit } from '../http/body-limit.ts';
import { claimedRequestOf, idempotentPost, withoutRequestId } from '../http/idempotency.ts';
import { jsonBody } from '../http/json-body.ts';
import { problemResponses } from '../http/problem-responses.ts';
import { type Reply, toHttpResult } from '../http/reply.ts';
import { requestLog } from '../http/request-log.ts';
import type { LambdaHandler } from '../http/route.ts';
import { parseOrThrow } from '../http/validate.ts';
import { languageOf, type RouteName, routeDefinition } from '../routes.ts';
import { invalidSigningToken, type PresentedSession, presentedSession, type SessionState } from './find-session.ts';

export interface SigningRouteContext<Body> {
  event: APIGatewayProxyEventV2;
  body: Body;
  /** The session whose token the request carried, already checked to be in an accepted state. */
  presented: PresentedSession;
}

interface SigningRouteOptions<BodySchema, Result> {
  /** What the token must still be good for; anything else is a 401 before the body is read. */
  accepts: readonly SessionState[];
  body?: BodySchema;
  reply: (result: Result) => Reply;
}

type Output<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

const sessions = new WeakMap<APIGatewayProxyEventV2, PresentedSession>();

/**
 * The pipeline of the signing page's API (docs/walkthrough.md, "Signing at the counter"): public at the gateway, so the token in
 * `Authorization: Signing <token>` is checked here, before anything else is looked at. An
 * `Idempotency-Key` is scoped to the session, which stands in for the caller; a POST accepts a
 * token already spent on its signature as far as that layer, so that a retry of the signature
 * under the same key is answered with the first response; past it, a spent token is a 401.
 */
export const signingRoute = <BodySchema extends v.GenericSchema | undefined, Result>(
  name: RouteName,
  options: SigningRouteOptions<BodySchema, Result>,
  run: (context: SigningRouteContext<Output<BodySchema>>) => Promise<Result>,
): LambdaHandler => {
  const definition = routeDefinition(name);
  if (definition.roles !== 'public')
    throw new Error(`${name} must be public at the gateway: its token is checked here`);
  const pipeline = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>({ timeoutEarlyInMillis: 0 })
    .use(requestLog())
    .use(problemResponses(languageOf(definition)))
    .use({
      before: async (request) => {
        // A POST lets a spent token through to the Idempotency-Key layer, which may hold its first answer.
        const gate: readonly SessionState[] =
          definition.method === 'POST' ? [...options.accepts, 'signed'] : options.accepts;
        const presented = await presentedSession(request.event.headers.authorization, gate);
        sessions.set(request.event, presented);
        (request.context as unknown as CallerContext).caller = {
          sub: `signing-session:${presented.session.id}`,
          groups: [],
        };
      },
    });
  if (options.body) pipeline.use(bodyLimit()).use(jsonBody());
  if (definition.method === 'POST') pipeline.use(idempotentPost());

  return pipeline.handler(async (event) => {
    const presented = sessions.get(event) as PresentedSession;
    if (!options.accepts.includes(presented.state)) throw invalidSigningToken();
    const context = {
      event,
      presented,
      body: options.body ? parseOrThrow(options.body, event.body, 'body') : undefined,
    } as SigningRouteContext<Output<BodySchema>>;
    const respond = (result: Result) => toHttpResult(options.reply(result), event.requestContext.requestId);
    const claim = claimedRequestOf(event);
    if (!claim) return respond(await run(context));
    claim.respond = (result) => withoutRequestId(respond(result as Result));
    return respond(await runClaimed(claim, () => run(context)));
  }) as unknown as LambdaHandler;
};
