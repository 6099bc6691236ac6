import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as v from 'valibot';
import { describe, expect, inject, it } from 'vitest';
import { authorizeCaller } from '#shared/http/authorization.ts';
import { fallbackRoute, routeKey, routes } from '#shared/routes.ts';
import { operationDocs } from '../../docs/openapi/operations.ts';
import { repositoryRoot } from '../../infra/local/handler-loader.ts';
import { matchRoute } from '../../infra/local/router.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const invoke = (...args: string[]) =>
  new Promise<Run>((done) => {
    execFile(
      'npx',
      ['tsx', 'infra/local/invoke.ts', ...args],
      { cwd: repositoryRoot, env: { ...process.env, DYNAMODB_ENDPOINT: inject('dynamoEndpoint') } },
      (error, stdout, stderr) => done({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });

const sampleEvent = (name: string): APIGatewayProxyEventV2 =>
  JSON.parse(readFileSync(join(repositoryRoot, 'sample-events', `${name}.json`), 'utf8'));

describe('npm run invoke', () => {
  it('runs the handler with the sample event and prints its result as JSON', async () => {
    const run = await invoke('services-create');

    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.statusCode).toBe(201);
    const service = JSON.parse(result.body);
    const caller = authorizeCaller(sampleEvent('services-create'), 'public');
    expect(service).toMatchObject({
      name: 'Personal training',
      price: { amount: 6500, currency: 'EUR' },
      createdBy: caller.sub,
      version: 1,
    });
    expect(result.headers.location).toBe(`/api/services/${service.id}`);
  });

  it('exits with 2 and lists every route name when the route is unknown', async () => {
    const run = await invoke('contacts-frobnicate');

    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Unknown route: contacts-frobnicate');
    for (const name of [...routes.map((route) => route.name), fallbackRoute.name]) expect(run.stderr).toContain(name);
  });
});

describe('sample events', () => {
  it.each(routes.map((route) => [route.name, routeKey(route), route] as const))(
    'sample-events/%s.json is an event of the route %s',
    (_name, _key, route) => {
      const event = sampleEvent(route.name);
      const parameterNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

      expect(event.routeKey).toBe(routeKey(route));
      expect(event.requestContext.routeKey).toBe(routeKey(route));
      expect(event.requestContext.http.method).toBe(route.method);
      expect(Object.keys(event.pathParameters ?? {})).toEqual(parameterNames);
      // The router must send the event's path to this very route, with the same parameters.
      expect(matchRoute(route.method, event.rawPath)).toMatchObject({
        name: route.name,
        pathParameters: event.pathParameters,
      });
      // The claims API Gateway's JWT authorizer would pass, of a user the route lets in.
      expect(() => authorizeCaller(event, route.roles)).not.toThrow();
    },
  );

  it('sample-events/not-found.json is an event of the $default route', () => {
    const event = sampleEvent(fallbackRoute.name);

    expect(event.routeKey).toBe('$default');
    expect(matchRoute(event.requestContext.http.method, event.rawPath).name).toBe(fallbackRoute.name);
  });

  // Every route that takes a body (the routes its documentation gives one), not a hand-picked few.
  it.each(
    routes.flatMap((route) => {
      const body = operationDocs[route.name].body;
      return body ? [[route.name, body.validates] as const] : [];
    }),
  )('sample-events/%s.json has a body its route accepts', (name, schema) => {
    const event = sampleEvent(name);

    expect(event.headers['content-type']).toBe('application/json');
    expect(v.safeParse(schema, JSON.parse(event.body ?? '')).issues).toBeUndefined();
  });
});
