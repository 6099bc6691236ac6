import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { type Role, type RouteDefinition, routeKey, routes } from '#shared/routes.ts';
import { toApiGatewayEvent } from '../../infra/local/api-gateway-event.ts';
import { lambdaContext, loadHandler, repositoryRoot } from '../../infra/local/handler-loader.ts';
import { createJwtAuthorizer } from '../../infra/local/jwt-authorizer.ts';
import { localAudience, localIssuer, localUsers } from '../../infra/local/local-tokens.ts';
import { type ApiResponse, type RequestOptions, unique, useApi } from '../support/api.ts';

const api = useApi();

const table: readonly RouteDefinition[] = routes;
const protectedRoutes = table.filter((route) => route.roles !== 'public');
const publicRoutes = table.filter((route) => route.roles === 'public');
const allows = (route: RouteDefinition, role: Role) => route.roles === 'public' || route.roles.includes(role);
const ownerOnlyRoutes = protectedRoutes.filter((route) => !allows(route, 'staff'));
const staffRoutes = protectedRoutes.filter((route) => allows(route, 'staff'));
const byKey = (list: RouteDefinition[]) => list.map((route) => [routeKey(route), route] as const);

/** A request to the route with any well-formed id and, for writes, an (invalid) empty body. */
const call = (route: RouteDefinition, as: RequestOptions['as']): Promise<ApiResponse> =>
  api.request(route.method, route.path.replace(/\{\w+\}/g, '01JD0000000000000000000000'), {
    as,
    ...(route.method === 'POST' || route.method === 'PUT' ? { body: {} } : {}),
  });

const nowInSeconds = () => Math.floor(Date.now() / 1000);

const newContact = () => ({ firstName: 'Ada', lastName: unique('Lovelace') });
const newService = () => ({ name: unique('Yoga'), price: { amount: 2500, currency: 'EUR' } });

const expectGatewayUnauthorized = (response: ApiResponse) => {
  expect(response.status).toBe(401);
  expect(response.text).toBe('{"message":"Unauthorized"}');
  expect(response.headers.get('content-type')).toBe('application/json');
  // Our pipeline puts a request id on every answer: none means no function ran.
  expect(response.headers.get('x-request-id')).toBeNull();
};

const expectForbidden = (response: ApiResponse) => {
  expect(response.status).toBe(403);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ type: 'https://studio.example/problems/forbidden', status: 403 });
  expect(response.headers.get('x-request-id')).toBeTruthy();
};

/** Another key pair, unknown to the server. */
const foreignKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

const refusedTokens: [string, () => Promise<string | null>][] = [
  ['no Authorization header', async () => null],
  ['a token that is not a JWT', async () => 'not-a-jwt'],
  ['a token whose parts are not JSON', async () => 'eyJub3Q.eyJqc29u.c2ln'],
  [
    'an expired token',
    () => api.token({ groups: ['owner'], claims: { iat: nowInSeconds() - 7200, exp: nowInSeconds() - 60 } }),
  ],
  ['a token without expiry', () => api.token({ groups: ['owner'], claims: { exp: undefined } })],
  ['a token not valid yet', () => api.token({ groups: ['owner'], claims: { nbf: nowInSeconds() + 3600 } })],
  ['a token issued in the future', () => api.token({ groups: ['owner'], claims: { iat: nowInSeconds() + 3600 } })],
  [
    'a token of another issuer',
    () =>
      api.token({
        groups: ['owner'],
        claims: { iss: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_Other' },
      }),
  ],
  ['a token for another audience', () => api.token({ groups: ['owner'], claims: { aud: 'another-client' } })],
  [
    'a token signed by another key under the known kid',
    () =>
      new SignJWT({ sub: 'x', 'cognito:groups': ['owner'], iss: localIssuer, aud: localAudience })
        .setProtectedHeader({ alg: 'RS256', kid: api.signingKey.kid })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(foreignKey()),
  ],
  [
    'a token signed by another key with a kid of its own',
    () =>
      new SignJWT({ sub: 'x', 'cognito:groups': ['owner'], iss: localIssuer, aud: localAudience })
        .setProtectedHeader({ alg: 'RS256', kid: 'someone-else' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(foreignKey()),
  ],
  [
    'an unsigned token (alg none)',
    async () =>
      new UnsecuredJWT({ sub: 'x', 'cognito:groups': ['owner'], iss: localIssuer, aud: localAudience })
        .setIssuedAt()
        .setExpirationTime('1h')
        .encode(),
  ],
  [
    'an HS256 token keyed with the public key',
    () =>
      new SignJWT({ sub: 'x', 'cognito:groups': ['owner'], iss: localIssuer, aud: localAudience })
        .setProtectedHeader({ alg: 'HS256', kid: api.signingKey.kid })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(api.signingKey.publicKey.export({ type: 'spki', format: 'der' })),
  ],
];

describe('the local JWT authorizer, like API Gateway', () => {
  it.each(refusedTokens)('answers 401 with the gateway body and runs no function for %s', async (_case, tokenFor) => {
    const token = await tokenFor();
    const contact = newContact();

    const response = await api.request('POST', '/api/contacts', {
      body: contact,
      as: token === null ? null : { token },
    });

    expectGatewayUnauthorized(response);
    const search = await api.request('GET', `/api/contacts?search=${contact.lastName}`);
    expect(search.body.items).toEqual([]);
  });

  it('refuses protected routes of every area without a token', async () => {
    const responses = await Promise.all(protectedRoutes.map((route) => call(route, null)));

    for (const response of responses) expectGatewayUnauthorized(response);
  });

  it('says why in www-authenticate when the audience is wrong, as API Gateway documents', async () => {
    const token = await api.token({ groups: ['owner'], claims: { aud: 'another-client' } });

    const response = await api.request('GET', '/api/contacts', { as: { token } });

    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer scope="" error="invalid_token" error_description="the token does not have a valid audience"',
    );
  });

  it('accepts a Cognito access token, whose client_id stands in for the missing aud', async () => {
    const token = await api.token({
      groups: ['staff'],
      claims: { aud: undefined, client_id: localAudience, token_use: 'access' },
    });
    const foreign = await api.token({ groups: ['staff'], claims: { aud: undefined, client_id: 'another-client' } });

    const accepted = await api.request('GET', '/api/contacts', { as: { token } });
    const refused = await api.request('GET', '/api/contacts', { as: { token: foreign } });

    expect(accepted.status).toBe(200);
    expectGatewayUnauthorized(refused);
  });

  it('accepts the token with or without the Bearer prefix', async () => {
    const token = await api.token({ groups: ['staff'] });

    const bare = await api.request('GET', '/api/contacts', { headers: { authorization: token } });
    const prefixed = await api.request('GET', '/api/contacts', { headers: { authorization: `Bearer ${token}` } });

    expect(bare.status).toBe(200);
    expect(prefixed.status).toBe(200);
  });

  it('hands the claims on as strings, arrays as "[a b]", numbers and booleans as their text', async () => {
    const now = new Date();
    const iat = Math.floor(now.getTime() / 1000);
    const token = await api.token({ groups: ['owner', 'staff'], sub: 'user-1', now, lifetimeSeconds: 600 });

    const decision = await createJwtAuthorizer(api.signingKey).authorize(`Bearer ${token}`, now);

    expect(decision).toEqual({
      authorized: true,
      claims: {
        sub: 'user-1',
        'cognito:groups': '[owner staff]',
        email_verified: 'true',
        iss: localIssuer,
        'cognito:username': 'user-1',
        aud: localAudience,
        token_use: 'id',
        auth_time: String(iat),
        exp: String(iat + 600),
        iat: String(iat),
        jti: expect.any(String),
        email: 'user-1@studio.local',
      },
    });
  });

  it('puts the claims into the event at requestContext.authorizer.jwt, scopes null', () => {
    const claims = { sub: 'user-1', 'cognito:groups': '[staff]' };
    const call = { method: 'GET', url: '/api/contacts', headers: {}, body: Buffer.alloc(0), sourceIp: '127.0.0.1' };

    const event = toApiGatewayEvent(
      call,
      { routeKey: 'GET /api/contacts', pathParameters: undefined },
      new Date(),
      claims,
    );

    expect((event.requestContext as unknown as { authorizer: unknown }).authorizer).toEqual({
      jwt: { claims, scopes: null },
    });
  });
});

describe('roles', () => {
  it.each(byKey(ownerOnlyRoutes))('answers staff 403 problem+json on the owner-only route %s', async (_key, route) => {
    const response = await call(route, 'staff');

    expectForbidden(response);
  });

  it('refuses staff a contact delete and keeps the contact', async () => {
    const contact = (await api.request('POST', '/api/contacts', { body: newContact(), as: 'staff' })).body;

    const response = await api.request('DELETE', `/api/contacts/${contact.id}`, { as: 'staff' });

    expectForbidden(response);
    expect((await api.request('GET', `/api/contacts/${contact.id}`, { as: 'staff' })).status).toBe(200);
  });

  it('decides the role before it reads the body', async () => {
    const response = await api.request('POST', '/api/services', {
      as: 'staff',
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });

    expectForbidden(response);
  });

  it.each(byKey(staffRoutes))('lets staff through to %s', async (_key, route) => {
    const response = await call(route, 'staff');

    expect([401, 403]).not.toContain(response.status);
  });

  it.each(byKey(protectedRoutes))('lets the owner through to %s', async (_key, route) => {
    const response = await call(route, 'owner');

    expect([401, 403]).not.toContain(response.status);
  });

  it('lets a user in several groups do what any of them may', async () => {
    const token = await api.token({ groups: ['staff', 'owner'] });

    const response = await api.request('POST', '/api/services', { body: newService(), as: { token } });

    expect(response.status).toBe(201);
  });

  it('answers 403 to a valid token without any group of the API, on every protected route', async () => {
    const noGroups = await api.token({ groups: [] });
    const otherGroups = await api.token({ groups: ['admins', 'eu-central-1_Xy7AbC12d_Google'] });

    const responses = await Promise.all(
      protectedRoutes.flatMap((route) => [call(route, { token: noGroups }), call(route, { token: otherGroups })]),
    );

    for (const response of responses) expectForbidden(response);
  });

  it('fails closed: a protected function reached without authorizer claims answers 403', async () => {
    const event = JSON.parse(readFileSync(join(repositoryRoot, 'sample-events', 'services-create.json'), 'utf8'));
    delete event.requestContext.authorizer;
    const handler = await loadHandler('functions/services/create.ts');

    const result = await handler(event as APIGatewayProxyEventV2, lambdaContext('services-create', 'test'));

    expect(result.statusCode).toBe(403);
  });

  it('serves the public routes and unknown routes without a token', async () => {
    const responses = await Promise.all([
      ...publicRoutes.filter((route) => route.data === 'none').map((route) => call(route, null)),
      api.request('GET', '/api/nothing', { as: null }),
    ]);

    for (const response of responses) expect([401, 403]).not.toContain(response.status);
    expect(responses.at(-1)?.body).toMatchObject({ type: 'https://studio.example/problems/route-not-found' });
  });

  // The signing API is public at the gateway: a one-time signing token stands in for the JWT (docs/walkthrough.md, "Signing at the counter").
  it('lets the function itself refuse a public signing route without its signing token, with problem+json', async () => {
    // The customer's buttons (`/api/public/…`) take no token at all: their own tests file declarations without one.
    const signingRoutes = publicRoutes.filter(
      (route) => route.data !== 'none' && route.path.startsWith('/api/signing'),
    );

    const responses = await Promise.all(signingRoutes.map((route) => call(route, null)));

    expect(signingRoutes.length).toBeGreaterThan(0);
    for (const response of responses) {
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.headers.get('www-authenticate')).toMatch(/^Signing/);
    }
  });
});

describe('who changed a record', () => {
  it("records the creator's and the latest editor's sub on a contact", async () => {
    const created = await api.request('POST', '/api/contacts', { body: newContact(), as: 'staff' });
    const replaced = await api.request('PUT', `/api/contacts/${created.body.id}`, {
      body: { firstName: 'Augusta', lastName: created.body.lastName },
      as: 'owner',
    });
    const stored = await api.request('GET', `/api/contacts/${created.body.id}`);

    expect(created.body).toMatchObject({ createdBy: localUsers.staff.sub, updatedBy: localUsers.staff.sub });
    expect(replaced.body).toMatchObject({ createdBy: localUsers.staff.sub, updatedBy: localUsers.owner.sub });
    expect(stored.body).toEqual(replaced.body);
  });

  it("records the creator's and the latest editor's sub on a service", async () => {
    const editor = unique('sub-');
    const editorToken = await api.token({ groups: ['owner'], sub: editor });

    const created = await api.request('POST', '/api/services', { body: newService(), as: 'owner' });
    const replaced = await api.request('PUT', `/api/services/${created.body.id}`, {
      body: { ...newService(), active: false },
      as: { token: editorToken },
    });

    expect(created.body).toMatchObject({ createdBy: localUsers.owner.sub, updatedBy: localUsers.owner.sub });
    expect(replaced.body).toMatchObject({ createdBy: localUsers.owner.sub, updatedBy: editor, version: 2 });
    expect((await api.request('GET', `/api/services/${created.body.id}`)).body).toEqual(replaced.body);
  });
});
