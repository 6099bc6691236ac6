import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { type Area, fallbackRoute, type RouteDefinition, type RouteName, routeKey, routes } from '#shared/routes.ts';
import { type Deployment, toApiGatewayEvent } from './api-gateway-event.ts';

/**
 * The sample events in events/ (what `npm run invoke` and `sam local invoke`
 * run): one request per route, made into the event API Gateway would send by
 * the same `toApiGatewayEvent` the local server uses, for a deployed stack.
 * `infra/local/write-sample-events.ts` writes them; a test keeps them in step.
 */

interface SampleRequest {
  /** Values of the route's path parameters. */
  parameters?: Record<string, string>;
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const contactId = '01JD0000000000000000000000';
const serviceId = '01JD0000000000000000000001';
const contractId = '01JD0000000000000000000002';
const webhookId = '01JD0000000000000000000003';

const anna = {
  firstName: 'Anna',
  lastName: 'Schmidt',
  email: 'anna.schmidt@example.com',
  phone: '+49 30 1234567',
  dateOfBirth: '1988-04-12',
  address: { street: 'Torstraße 12', postalCode: '10119', city: 'Berlin', country: 'DE' },
  notes: 'Prefers morning appointments.',
};
const personalTraining = {
  name: 'Personal training',
  description: 'One-to-one session in the studio.',
  price: { amount: 6500, currency: 'EUR' },
  billingInterval: 'once',
  durationMinutes: 60,
  active: true,
};
// A 1×1 PNG, the smallest signature image the sign route takes.
const onePixelPng =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

// What the tablet page sends: the one-time token from its link's fragment (43 characters of base64url).
const signingToken = { authorization: 'Signing SampleTokenOfTheSigningLinkOnTheTablet00000' };
const signature = { signerName: 'Erika Mustermann', signatureImage: onePixelPng, consent: true };

// A receiver on the developer's machine: the local server takes http to 127.0.0.1 (shared/webhooks/destination.ts).
const localReceiver = { url: 'http://127.0.0.1:9999/hooks', types: ['*'] };

// What a route is called with; a route without an entry gets its path parameters filled in (sampleIds) and
// no query or body, which is a complete request only for a route that takes none: add one for the others.
const sampleRequests: Partial<Record<RouteName, SampleRequest>> = {
  'contacts-list': { query: 'search=schmidt&limit=10' },
  'contacts-create': { body: anna },
  'contacts-get': { parameters: { id: contactId } },
  'contacts-replace': { parameters: { id: contactId }, body: { ...anna, phone: '+49 30 7654321' } },
  'contacts-delete': { parameters: { id: contactId } },
  'services-list': { query: 'active=true&limit=10' },
  'services-create': { body: personalTraining },
  'services-get': { parameters: { id: serviceId } },
  'services-replace': {
    parameters: { id: serviceId },
    body: { ...personalTraining, price: { amount: 7000, currency: 'EUR' } },
  },
  'studio-get': {},
  'studio-put': {
    body: {
      legalName: 'Studio Mitte GmbH',
      address: { street: 'Invalidenstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
      email: 'kontakt@studio-mitte.example',
      phone: '+49 30 9876543',
      website: 'https://studio-mitte.example',
      vatId: 'DE123456789',
      registerEntry: 'Amtsgericht Charlottenburg, HRB 123456 B',
      representedBy: 'Erika Mustermann',
      timeZone: 'Europe/Berlin',
    },
  },
  'contracts-list': { query: `contactId=${contactId}&status=signed&limit=10` },
  'contracts-create': {
    body: {
      contactId,
      items: [{ serviceId, quantity: 1 }],
      startDate: '2026-12-01',
      minimumTermMonths: 12,
      renewal: 'indefinite',
      noticePeriod: { value: 1, unit: 'month' },
      terms: 'Es gelten die Hausregeln des Studios.',
    },
  },
  'contracts-get': { parameters: { id: contractId } },
  'contracts-sign': {
    parameters: { id: contractId },
    body: {
      role: 'customer',
      documentHash: `sha256:${'0'.repeat(64)}`,
      ...signature,
    },
  },
  'contracts-verify': { parameters: { id: contractId } },
  'contracts-send-copy': { parameters: { id: contractId }, body: {} },
  'contracts-cancel': { parameters: { id: contractId }, body: { reason: 'Umzug ins Ausland' } },
  // Without receivedOn: the day of receipt is then today, and a termination received in the future is a 400.
  'contracts-termination-preview': { parameters: { id: contractId } },
  'contracts-terminate': { parameters: { id: contractId }, body: { kind: 'ordinary' } },
  'contracts-withdraw-termination': { parameters: { id: contractId } },
  'signing-sessions-open': { parameters: { id: contractId }, body: { role: 'customer', expiresInMinutes: 30 } },
  'signing-asset': { parameters: { asset: 'sign-page.js' } },
  'signing-view': { headers: signingToken },
  'signing-sign': { headers: signingToken, body: { documentHash: `sha256:${'0'.repeat(64)}`, ...signature } },
  'signing-document': { headers: signingToken },
  'webhooks-create': { body: localReceiver },
  'webhooks-replace': { parameters: { id: webhookId }, body: localReceiver },
  'docs-openapi': {},
  'docs-page': {},
  'docs-asset': { parameters: { asset: 'swagger-start.js' } },
};

const sampleIds: Partial<Record<Area, string>> = {
  contacts: contactId,
  services: serviceId,
  contracts: contractId,
  webhooks: webhookId,
};

const defaultRequest = (route: RouteDefinition): SampleRequest => {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  const value = (name: string) => (name === 'id' ? (sampleIds[route.area] ?? contactId) : name);
  return names.length ? { parameters: Object.fromEntries(names.map((name) => [name, value(name)])) } : {};
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

// Stable per route, so regenerating changes nothing unless the route or the builder does.
const digest = (name: string) => createHash('sha256').update(name).digest();

const sampleEvent = (
  name: string,
  method: string,
  key: string,
  path: string,
  request: SampleRequest,
  isPublic: boolean,
) => {
  const hash = digest(name);
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
    const request = sampleRequests[route.name as RouteName] ?? defaultRequest(route);
    const event = sampleEvent(route.name, route.method, routeKey(route), route.path, request, route.roles === 'public');
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
