import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { toApiGatewayEvent } from '#infra/local/api-gateway-event.ts';
import { findRoute, type RouteName } from '#shared/routes.ts';

export interface JwtAuthorizerContext {
  jwt: { claims: Record<string, string>; scopes: null };
}

/** A payload 2.0 event of a route behind API Gateway's JWT authorizer. */
export type BenchEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & { authorizer?: JwtAuthorizerContext };
};

export const benchUser = 'bench-user';

/** What API Gateway's JWT authorizer hands the function for an owner's token (claims rendered as strings). */
const ownerAuthorizer = (): JwtAuthorizerContext => ({
  jwt: { claims: { sub: benchUser, 'cognito:groups': '[owner]' }, scopes: null },
});

export interface Request {
  /** The `{id}` path parameter; `parameters` gives others (`{asset}`). */
  id?: string;
  parameters?: Record<string, string>;
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The payload 2.0 event API Gateway would send for a request to the route, from an owner. */
export const routeEvent = (name: RouteName, request: Request = {}): BenchEvent => {
  const route = findRoute(name);
  const parameters: Record<string, string> = { ...(request.id ? { id: request.id } : {}), ...request.parameters };
  const path = route.path.replace(/\{(\w+)\}/g, (_, parameter: string) => parameters[parameter] ?? '');
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const event = toApiGatewayEvent(
    {
      method: route.method,
      url: request.query ? `${path}?${request.query}` : path,
      headers: {
        host: 'bench.local',
        'user-agent': 'studio-bench/1.0',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      body: Buffer.from(body),
      sourceIp: '127.0.0.1',
    },
    {
      routeKey: `${route.method} ${route.path}`,
      pathParameters: Object.keys(parameters).length ? parameters : undefined,
    },
  );
  if (route.roles === 'public') return event;
  return { ...event, requestContext: { ...event.requestContext, authorizer: ownerAuthorizer() } };
};

/** An event of the `$default` route. */
export const unknownRouteEvent = (): BenchEvent => {
  const event = toApiGatewayEvent(
    {
      method: 'GET',
      url: '/api/nowhere',
      headers: { host: 'bench.local' },
      body: Buffer.alloc(0),
      sourceIp: '127.0.0.1',
    },
    { routeKey: '$default', pathParameters: undefined },
  );
  return event;
};
