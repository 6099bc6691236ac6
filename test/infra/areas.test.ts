import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AreaDefinition, areas } from '#shared/areas.ts';
import { eventTypes } from '#shared/outbox/event-types.ts';
import { routes } from '#shared/routes.ts';
import { operationDocs } from '../../docs/openapi/operations.ts';
import { repositoryRoot } from '../../infra/local/handler-loader.ts';
import { sampleIdOf, sampleRequestOf } from '../../infra/local/sample-events.ts';

/*
 * What the list of areas cannot derive, checked: a new area that forgets a piece fails here, and the
 * message names the area and the piece (docs/adding-an-area.md).
 */

const declared = areas as readonly AreaDefinition[];
const exists = (path: string) => existsSync(join(repositoryRoot, path));

describe('the list of areas', () => {
  it.each(declared.map((area) => [area.name, area] as const))(
    '%s: its routes live in its own folders',
    (name, area) => {
      for (const route of area.routes) {
        expect(route.entry, `${route.name}: entry must be functions/${name}/…`).toMatch(
          new RegExp(`^functions/${name}/[\\w-]+\\.ts$`),
        );
        expect(exists(route.entry), `${route.name}: ${route.entry} does not exist`).toBe(true);
        expect(route.name, `${route.name}: a route's name starts with its area's`).toMatch(new RegExp(`^${name}-`));
      }
      expect(exists(`shared/${name}/area.ts`), `${name}: shared/${name}/area.ts declares the area`).toBe(true);
    },
  );

  it.each(declared.map((area) => [area.name] as const))('%s: its tests live in test/<area>/', (name) => {
    const folder = join(repositoryRoot, 'test', name);
    const tests = existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.test.ts')) : [];
    expect(tests, `${name}: test/${name}/ holds no *.test.ts (the area's tests)`).not.toEqual([]);
  });

  it('leaves no test file loose in test/: each belongs to an area or to http, db, infra or bench', () => {
    const loose = readdirSync(join(repositoryRoot, 'test')).filter((file) => file.endsWith('.test.ts'));
    expect(loose).toEqual([]);
  });

  it.each(declared.map((area) => [area.name, area] as const))(
    '%s: its routes are documented in docs/openapi/<area>.ts',
    async (name, area) => {
      const file = `docs/openapi/${name}.ts`;
      expect(exists(file), `${name}: ${file} is missing (the area's docs prose)`).toBe(true);
      const { docs } = (await import(/* @vite-ignore */ `../../${file}`)) as {
        docs?: { operations?: Record<string, unknown> };
      };
      expect(docs?.operations, `${name}: ${file} must export docs = { operations, … } (an AreaDocs)`).toBeTypeOf(
        'object',
      );
      const documented = new Set(Object.keys(docs?.operations ?? {}));
      for (const route of area.routes)
        expect(documented.has(route.name), `${route.name}: not documented in ${file}`).toBe(true);
    },
  );

  it('names every route, event type and docs tag once', () => {
    const names = routes.map((route) => route.name);
    expect(names.length, 'route names').toBe(new Set(names).size);
    expect(eventTypes.length, 'event types').toBe(new Set(eventTypes).size);
    const tags = new Map<string, string>();
    for (const { name, docsTag } of declared) {
      const seen = tags.get(docsTag.name);
      expect(seen === undefined || seen === docsTag.description, `${name}: docs tag ${docsTag.name} differs`).toBe(
        true,
      );
      tags.set(docsTag.name, docsTag.description);
    }
  });

  it.each(declared.map((area) => [area.name, area] as const))(
    '%s: its event types are `<object>.<change>` of the objects it names',
    (name, area) => {
      // The change may be two words joined by `_` or, where the interface names it so (`pause.ended-early`,
      // `account.handed-over`), by `-`.
      for (const type of area.eventTypes) {
        expect(type, `${name}: event type ${type}`).toMatch(/^[a-z]+\.[a-z]+([_-][a-z]+)*$/);
      }
    },
  );
});

describe('the sample requests the areas declare', () => {
  it.each(routes.map((route) => [route.name, route] as const))(
    '%s: every path parameter has a value, an {id} the id of the records its path names',
    (_name, route) => {
      expect(() => sampleRequestOf(route)).not.toThrow();
      if (route.path.includes('/{id}')) {
        const records = route.path.slice(0, route.path.indexOf('/{id}'));
        const owner = declared.find((area) => records in area.sampleIds);
        expect(owner, `${route.name}: no area declares sampleIds['${records}']`).toBeDefined();
        expect(sampleIdOf(route)).toBe(owner?.sampleIds[records]);
      }
    },
  );

  it.each(routes.map((route) => [route.name, route] as const))(
    '%s: has a sample body when it takes one, and it is accepted',
    (name, route) => {
      const body = operationDocs[route.name].body;
      const request = sampleRequestOf(route);
      if (!body) {
        expect(request.body, `${name}: a sample body for a route that takes none`).toBeUndefined();
        return;
      }
      expect(request.body, `${name}: sampleRequests['${name}'].body is missing in its area`).toBeDefined();
      expect(body.validates['~standard'].validate(request.body)).not.toHaveProperty('issues');
    },
  );

  it('declares sample requests only for routes of its own area', () => {
    for (const area of declared) {
      const own = new Set(area.routes.map((route) => route.name));
      for (const name of Object.keys(area.sampleRequests()))
        expect(own.has(name), `${area.name}: sampleRequests['${name}'] is not its route`).toBe(true);
    }
  });
});
