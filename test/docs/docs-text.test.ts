import { describe, expect, it } from 'vitest';
import { type RouteDefinition, routes } from '#shared/routes.ts';
import { apiDescription } from '../../docs/openapi/texts-api.ts';

// The introduction of the OpenAPI document names routes as `METHOD /path`; each list it keeps by hand
// must be exactly the routes the table gives those roles or that flag.
const operation = (route: RouteDefinition) => `${route.method} ${route.path}`;
const operationsNamedIn = (text: string) =>
  [...text.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) \/[^`]*)`/g)].map(([, named]) => named as string).sort();
const operationsOf = (selected: readonly RouteDefinition[]) => selected.map(operation).sort();

const table: readonly RouteDefinition[] = routes;
const between = (start: string, end: string) => {
  const from = apiDescription.indexOf(start);
  const to = apiDescription.indexOf(end, from + start.length);
  expect(from, `the introduction has lost "${start}"`).toBeGreaterThanOrEqual(0);
  expect(to, `the introduction has lost "${end}"`).toBeGreaterThan(from);
  return apiDescription.slice(from, to);
};

describe('the introduction of the API document', () => {
  it('names as POSTs without an Idempotency-Key exactly those whose answers are never replayed', () => {
    const retries = between('- **Retries**', '\n');

    expect(operationsNamedIn(retries)).toEqual(
      operationsOf(table.filter((route) => route.method === 'POST' && route.idempotentReplays === false)),
    );
  });

  it('names as public exactly the routes that need no token', () => {
    const publicRoutes = between('## Access', 'A missing or invalid JWT');

    expect(operationsNamedIn(publicRoutes)).toEqual(operationsOf(table.filter((route) => route.roles === 'public')));
  });

  it('names as the owner’s exactly the routes staff may not call, and every other route is open to both roles', () => {
    const ownerOnly = apiDescription.slice(apiDescription.indexOf('only `owner` may call'));
    const withToken = table.filter((route) => route.roles !== 'public');

    expect(operationsNamedIn(ownerOnly)).toEqual(
      operationsOf(withToken.filter((route) => !(route.roles as readonly string[]).includes('staff'))),
    );
    for (const route of withToken.filter((route) => (route.roles as readonly string[]).includes('staff')))
      expect([...route.roles].sort(), operation(route)).toEqual(['owner', 'staff']);
    for (const route of withToken) expect(route.roles, operation(route)).toContain('owner');
  });

  it('no longer claims what the route table contradicts', () => {
    expect(apiDescription).not.toMatch(/every `POST` takes/i);
    expect(apiDescription).not.toMatch(/may read everything/i);
    expect(apiDescription).not.toMatch(/every route but this documentation/i);
  });
});
