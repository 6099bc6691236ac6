import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes } from '#shared/routes.ts';
import { corsOriginsContextKey, localCorsOrigins } from '../../infra/cors.ts';
import { corsPreflight } from '../../infra/http-api.ts';
import { toApiGatewayEvent } from '../../infra/local/api-gateway-event.ts';
import { repositoryRoot } from '../../infra/local/handler-loader.ts';
import { matchRoute } from '../../infra/local/router.ts';
import { sampleEventFile, sampleEvents } from '../../infra/local/sample-events.ts';
import { type LocalApi, startLocalApi } from '../../infra/local/server.ts';
import { unique, useApi } from '../support/api.ts';

const api = useApi();

const studioApp = 'https://studio.example.com';
const devServer = 'http://localhost:5173';

/** A second local server, configured as `cdk deploy -c corsOrigins=…` would configure the HTTP API. */
const useApiWithCors = (corsOrigins: string) => {
  const server: { api?: LocalApi } = {};
  const keyDirectory = mkdtempSync(join(tmpdir(), 'studio-api-cors-keys-'));
  beforeAll(async () => {
    server.api = await startLocalApi({ authorizer: { keyDirectory }, corsOrigins });
  });
  afterAll(async () => {
    await server.api?.close();
    rmSync(keyDirectory, { recursive: true, force: true });
  });
  return (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${server.api?.url}${path}`, init);
};

const corsOrigins = `${studioApp}, ${devServer}`;
const corsApi = useApiWithCors(corsOrigins);

const preflight = (origin: string, method = 'POST') => ({
  method: 'OPTIONS',
  headers: {
    origin,
    'access-control-request-method': method,
    'access-control-request-headers': 'authorization,content-type,idempotency-key',
  },
});

const corsHeadersOf = (response: { headers: Headers }) =>
  Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-')));

describe('apigw-requestid', () => {
  it('is on every response of a function, the same id as its X-Request-Id', async () => {
    const responses = [
      await api.request('GET', '/api/contacts'),
      await api.request('POST', '/api/contacts', { body: { firstName: 'Ada', lastName: unique('Lovelace') } }),
      await api.request('POST', '/api/contacts', { body: {} }),
      await api.request('GET', '/api/nowhere'),
      await api.request('GET', '/api/nowhere', { as: null }),
    ];

    for (const response of responses) {
      expect(response.headers.get('apigw-requestid')).toMatch(/^[\w-]{16}$/);
      expect(response.headers.get('apigw-requestid')).toBe(response.headers.get('x-request-id'));
    }
    expect(new Set(responses.map((response) => response.headers.get('apigw-requestid'))).size).toBe(responses.length);
  });

  it("is on the gateway's own 401, which has no X-Request-Id, and on its own 413", async () => {
    const unauthorized = await api.request('GET', '/api/contacts', { as: null });
    // Past API Gateway's own 10 MB payload limit, which the document leaves to AWS (fetch: not validated against it).
    const tooLarge = await fetch(`${api.url}/api/contacts`, {
      method: 'POST',
      body: Buffer.alloc(10 * 1024 * 1024 + 1),
    });

    for (const response of [unauthorized, tooLarge]) {
      expect(response.headers.get('apigw-requestid')).toMatch(/^[\w-]{16}$/);
      expect(response.headers.get('x-request-id')).toBeNull();
    }
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body).toEqual({ message: 'Unauthorized' });
    expect(tooLarge.status).toBe(413);
  });
});

describe('CORS, with corsOrigins set', () => {
  it('answers a preflight itself with 204 and the configured headers, before any authorizer', async () => {
    const response = await corsApi('/api/contacts', preflight(studioApp));

    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(corsHeadersOf(response)).toEqual({
      'access-control-allow-origin': studioApp,
      'access-control-allow-methods': 'GET,POST,PUT,DELETE',
      'access-control-allow-headers': 'authorization,content-type,if-match,idempotency-key',
      'access-control-max-age': '3600',
    });
    expect(response.headers.get('vary')).toBe('origin');
    expect(response.headers.get('apigw-requestid')).toMatch(/^[\w-]{16}$/);
  });

  it('answers a preflight from an origin it does not know with 204 and no CORS headers', async () => {
    const response = await corsApi(
      '/api/contacts/01JD0000000000000000000000',
      preflight('https://evil.example', 'DELETE'),
    );

    expect(response.status).toBe(204);
    expect(corsHeadersOf(response)).toEqual({});
  });

  it('adds the origin and the exposed headers to the answers for an allowed origin, the 401 included', async () => {
    const response = await corsApi('/api/contacts', { headers: { origin: devServer } });

    expect(response.status).toBe(401);
    expect(corsHeadersOf(response)).toEqual({
      'access-control-allow-origin': devServer,
      'access-control-expose-headers': 'etag,location,x-request-id,idempotent-replayed,retry-after',
    });
    expect(response.headers.get('vary')).toBe('origin');
  });

  it("adds them to a function's answer too, and nothing for another origin", async () => {
    const allowed = await corsApi('/api/nowhere', { headers: { origin: studioApp } });
    const other = await corsApi('/api/nowhere', { headers: { origin: 'https://evil.example' } });
    const none = await corsApi('/api/nowhere');

    expect(allowed.status).toBe(404);
    expect(allowed.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(studioApp);
    expect(corsHeadersOf(other)).toEqual({});
    expect(corsHeadersOf(none)).toEqual({});
  });

  it('takes corsOrigins for npm start from CORS_ORIGINS, else from the context in cdk.json', async () => {
    const before = process.env.CORS_ORIGINS;
    try {
      process.env.CORS_ORIGINS = devServer;
      expect(await localCorsOrigins()).toBe(devServer);
      delete process.env.CORS_ORIGINS;
      const cdkJson = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8'));
      expect(await localCorsOrigins()).toBe(cdkJson.context?.corsOrigins);
    } finally {
      if (before === undefined) delete process.env.CORS_ORIGINS;
      else process.env.CORS_ORIGINS = before;
    }
  });

  it('answers with the very configuration the stack deploys for the same corsOrigins', async () => {
    const deployed = corsPreflight(new App({ context: { [corsOriginsContextKey]: corsOrigins } }));
    const lowerCased = (names: readonly string[] = []) => names.map((name) => name.toLowerCase()).join(',');

    const answer = await corsApi('/api/services', preflight(devServer, 'PUT'));
    const response = await corsApi('/api/services', { headers: { origin: devServer } });

    expect(deployed?.allowOrigins).toEqual([studioApp, devServer]);
    expect(answer.headers.get('access-control-allow-methods')).toBe(deployed?.allowMethods?.join(','));
    expect(answer.headers.get('access-control-allow-headers')).toBe(lowerCased(deployed?.allowHeaders));
    expect(answer.headers.get('access-control-max-age')).toBe(String(deployed?.maxAge?.toSeconds()));
    expect(response.headers.get('access-control-expose-headers')).toBe(lowerCased(deployed?.exposeHeaders));
    expect(deployed?.allowCredentials).toBe(false);
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('CORS, without corsOrigins', () => {
  it('does not answer preflights: OPTIONS is an unknown route, with no CORS headers', async () => {
    const response = await fetch(`${api.url}/api/contacts`, preflight(studioApp));

    expect(response.status).toBe(404);
    expect(corsHeadersOf(response)).toEqual({});
    expect(response.headers.get('apigw-requestid')).toMatch(/^[\w-]{16}$/);
  });

  it('adds no CORS headers to answers for any origin', async () => {
    const response = await api.request('GET', '/api/contacts', { headers: { origin: studioApp } });

    expect(response.status).toBe(200);
    expect(corsHeadersOf(response)).toEqual({});
  });
});

describe('the path, as HTTP APIs deliver it', () => {
  const eventFor = (url: string) =>
    toApiGatewayEvent(
      { method: 'GET', url, headers: {}, body: Buffer.alloc(0), sourceIp: '127.0.0.1' },
      { routeKey: 'GET /api/contacts/{id}', pathParameters: undefined },
    );

  it('arrives URL-decoded in rawPath and http.path; the query string stays as sent', () => {
    const event = eventFor('/api/contacts/%30%41%42?search=M%C3%BCller&limit=1');

    expect(event.rawPath).toBe('/api/contacts/0AB');
    expect(event.requestContext.http.path).toBe('/api/contacts/0AB');
    expect(event.rawQueryString).toBe('search=M%C3%BCller&limit=1');
    expect(event.queryStringParameters).toEqual({ search: 'Müller', limit: '1' });
  });

  it('decodes UTF-8 and reserved characters, and keeps a malformed escape as sent', () => {
    expect(eventFor('/api/contacts/M%C3%BCller%20%40x').rawPath).toBe('/api/contacts/Müller @x');
    expect(eventFor('/api/contacts/100%zz').rawPath).toBe('/api/contacts/100%zz');
  });

  it('fills path parameters from the decoded path, decoding each only once', () => {
    expect(matchRoute('GET', '/api/contacts/%41').pathParameters).toEqual({ id: '%41' });
    expect(matchRoute('GET', eventFor('/api/contacts/%2541').rawPath)).toMatchObject({
      name: 'contacts-get',
      pathParameters: { id: '%41' },
    });
  });

  it('finds a record whose id is sent percent-encoded, and routes an encoded slash as a slash', async () => {
    const created = await api.request('POST', '/api/contacts', { body: { firstName: 'Ada', lastName: unique('L') } });
    const encoded = [...created.body.id].map((character) => `%${character.charCodeAt(0).toString(16)}`).join('');

    const found = await api.request('GET', `/api/contacts/${encoded}`);
    const slash = await api.request('GET', `/api/contacts/${created.body.id}%2Fsignatures`);

    expect(found.status).toBe(200);
    expect(found.body.id).toBe(created.body.id);
    expect(slash.status).toBe(404);
    expect(slash.body.type).toBe('https://studio.example/problems/route-not-found');
  });
});

describe('the request body in the event', () => {
  const bodyOf = (contentType: string | undefined, bytes: Buffer) =>
    toApiGatewayEvent(
      {
        method: 'POST',
        url: '/api/contacts',
        headers: contentType === undefined ? {} : { 'content-type': contentType },
        body: bytes,
        sourceIp: '127.0.0.1',
      },
      { routeKey: 'POST /api/contacts', pathParameters: undefined },
    );
  const json = Buffer.from('{"firstName":"Jörg"}');

  it.each(['application/json', 'Application/JSON; Charset=UTF-8', 'text/plain', 'application/xml'])(
    'is text for %s',
    (contentType) => {
      expect(bodyOf(contentType, json)).toMatchObject({ body: '{"firstName":"Jörg"}', isBase64Encoded: false });
    },
  );

  it.each([undefined, 'application/merge-patch+json', 'application/x-www-form-urlencoded', 'image/png'])(
    'is base64 for %s',
    (contentType) => {
      expect(bodyOf(contentType, json)).toMatchObject({ body: json.toString('base64'), isBase64Encoded: true });
    },
  );

  it('is base64 for bytes that are not UTF-8, whatever the Content-Type says', () => {
    const latin1 = Buffer.from('{"firstName":"J\xf6rg"}', 'latin1');

    expect(bodyOf('application/json', latin1)).toMatchObject({
      body: latin1.toString('base64'),
      isBase64Encoded: true,
    });
  });
});

describe('sample events', () => {
  const folder = join(repositoryRoot, 'sample-events');

  it('has one file per route and one for $default, and no other', () => {
    const files = readdirSync(folder).filter((file) => file.endsWith('.json'));

    expect(files.sort()).toEqual([...routes.map((route) => `${route.name}.json`), 'not-found.json'].sort());
  });

  it.each([...sampleEvents()])(
    'sample-events/%s is what write-sample-events.ts makes of the route table',
    (file, event) => {
      expect(readFileSync(join(folder, file), 'utf8')).toBe(sampleEventFile(event));
    },
  );

  it('gives each route an event with its own route key, path parameters and a request id', () => {
    const events = sampleEvents();
    for (const route of routes) {
      const event = events.get(`${route.name}.json`);
      expect(event?.routeKey).toBe(routeKey(route));
      expect(matchRoute(route.method, event?.rawPath ?? '')).toMatchObject({
        name: route.name,
        pathParameters: event?.pathParameters,
      });
      expect(event?.requestContext.requestId).toMatch(/^[\w-]{16}$/);
    }
  });
});
