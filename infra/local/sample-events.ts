import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { type AreaDefinition, areas, type SampleRequest } from '#shared/areas.ts';
import { fallbackRoute, type RouteDefinition, routeKey, routes } from '#shared/routes.ts';
import { type Deployment, toApiGatewayEvent } from './api-gateway-event.ts';

/**
 * The sample events in sample-events/ (what `npm run invoke` and `sam local invoke`
 * run): one request per route, made into the event API Gateway would send by
 * the same `toApiGatewayEvent` the local server uses, for a deployed stack.
 * `infra/local/write-sample-events.ts` writes them; a test keeps them in step.
 */

// The sample requests the areas declare, by route name.
const sampleRequests: ReadonlyMap<string, SampleRequest> = new Map(
  (areas as readonly AreaDefinition[]).flatMap((area) => Object.entries(area.sampleRequests())),
);

// The sample id of every path an `{id}` follows: `/api/contracts` for `/api/contracts/{id}/signing-sessions`,
// whichever area declares the route.
const sampleIds: ReadonlyMap<string, string> = new Map(
  (areas as readonly AreaDefinition[]).flatMap((area) => Object.entries(area.sampleIds)),
);

/** The sample id a route's `{id}` takes: the one of the records its path names. */
export const sampleIdOf = (route: Pick<RouteDefinition, 'name' | 'path'>): string => {
  const records = route.path.slice(0, route.path.indexOf('/{id}'));
  const id = sampleIds.get(records);
  if (id === undefined) throw new Error(`${route.name}: no area declares a sample id for ${records}/{id} (sampleIds)`);
  return id;
};

/** A route's sample request: its area's, with every path parameter filled in (an `{id}` by what it names). */
export const sampleRequestOf = (route: RouteDefinition): SampleRequest => {
  const declared = sampleRequests.get(route.name) ?? {};
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  if (!names.length) return declared;
  const value = (name: string) => declared.parameters?.[name] ?? (name === 'id' ? sampleIdOf(route) : name);
  return { ...declared, parameters: Object.fromEntries(names.map((name) => [name, value(name)])) };
};

const deployment: Deployment = { accountId: '123456789012', apiId: 'a1b2c3d4e5' };
const domainName = `${deployment.apiId}.execute-api.eu-central-1.amazonaws.com`;
const clientIp = '203.0.113.10';
const sentAt = new Date('2025-11-22T10:15:00Z');

/** The claims API Gateway's JWT authorizer passes for an owner's Cognito ID token, rendered as strings. */
const ownerClaims = {
  sub: '3f1c9a52-7b2e-4d8a-9c61-0e5b8f2a4d17',
  'cognito:groups': '[owner]',
  email_verified: 'true',
  iss: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_Xy7AbC12d',
  'cognito:username': '3f1c9a52-7b2e-4d8a-9c61-0e5b8f2a4d17',
  origin_jti: '8d1e6f0a-2c4b-4e7d-a5f3-91b2c6d8e0f4',
  aud: '4k2j9h7g5f3d1s8a6p0o2i4u6y',
  event_id: 'b7c9d1e3-5f7a-4b9c-8d1e-3f5a7b9c1d2e',
  token_use: 'id',
  auth_time: '1763803200',
  exp: '1763806800',
  iat: '1763803200',
  jti: 'e2f4a6b8-c0d2-4e6f-8a0b-2c4d6e8f0a1b',
  email: 'owner@studio.example',
};

// Stable per route (by its operationId, which a rename keeps), so regenerating changes nothing unless the
// route or the builder does.
const digest = (operationId: string) => createHash('sha256').update(operationId).digest();

const sampleEvent = (
  operationId: string,
  method: string,
  key: string,
  path: string,
  request: SampleRequest,
  isPublic: boolean,
) => {
  const hash = digest(operationId);
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(body ? { 'content-length': String(Buffer.byteLength(body)), 'content-type': 'application/json' } : {}),
    host: domainName,
    'user-agent': 'curl/8.5.0',
    'x-amzn-trace-id': `Root=1-${(sentAt.getTime() / 1000).toString(16)}-${hash.subarray(0, 12).toString('hex')}`,
    'x-forwarded-for': clientIp,
    'x-forwarded-port': '443',
    'x-forwarded-proto': 'https',
    ...request.headers,
  };
  const parameters = request.parameters ?? {};
  return toApiGatewayEvent(
    {
      method,
      url: `${path.replace(/\{(\w+)\}/g, (_, parameter: string) => encodeURIComponent(parameters[parameter] ?? ''))}${request.query ? `?${request.query}` : ''}`,
      headers,
      body: Buffer.from(body),
      sourceIp: clientIp,
      requestId: hash.subarray(12, 24).toString('base64url'),
    },
    { routeKey: key, pathParameters: Object.keys(parameters).length ? parameters : undefined },
    sentAt,
    isPublic ? undefined : ownerClaims,
    deployment,
  );
};

/** Every sample event by file name (`<route name>.json`), the `$default` route's too. */
export const sampleEvents = (): Map<string, APIGatewayProxyEventV2> => {
  const events = new Map<string, APIGatewayProxyEventV2>();
  for (const route of routes as readonly RouteDefinition[]) {
    const request = sampleRequestOf(route);
    const event = sampleEvent(
      route.operationId ?? route.name,
      route.method,
      routeKey(route),
      route.path,
      request,
      route.roles === 'public',
    );
    events.set(`${route.name}.json`, event);
  }
  events.set(
    `${fallbackRoute.name}.json`,
    sampleEvent(fallbackRoute.name, 'GET', '$default', '/api/invoices', {}, true),
  );
  return events;
};

/** How a sample event is written to its file. */
export const sampleEventFile = (event: APIGatewayProxyEventV2): string => `${JSON.stringify(event, null, 2)}\n`;
