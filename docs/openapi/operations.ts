import { areas } from '#shared/areas.ts';
import { type RouteDefinition, type RouteName, routes } from '#shared/routes.ts';
import { type AreaDocs, isAreaDocs } from './area-docs.ts';
import { type Component, problemComponents } from './components.ts';
import type { OperationDoc } from './operation-doc.ts';

/**
 * Every area's docs, from `docs/openapi/<area>.ts` by the area's name: a new
 * area adds its file, not a line here. Only the document's generator and the
 * tests load this (no handler bundles it), so the import by name costs nothing.
 */
const areaDocs: ReadonlyMap<string, AreaDocs> = new Map(
  await Promise.all(
    areas.map(async ({ name }) => {
      const file = `docs/openapi/${name}.ts`;
      const module: Record<string, unknown> = await import(/* @vite-ignore */ `./${name}.ts`).catch(
        (error: unknown) => {
          throw new Error(`Area ${name}: ${file} could not be loaded`, { cause: error });
        },
      );
      if (!isAreaDocs(module.docs)) throw new Error(`Area ${name}: ${file} must export docs (an AreaDocs)`);
      return [name, module.docs] as const;
    }),
  ),
);

const docsOf = (route: RouteDefinition): OperationDoc => {
  const doc = areaDocs.get(route.area)?.operations[route.name as RouteName];
  if (!doc) throw new Error(`Route ${route.name}: docs/openapi/${route.area}.ts documents no operation of that name`);
  return doc;
};

/** The documentation of every route, keyed by route name. */
export const operationDocs = Object.fromEntries(routes.map((route) => [route.name, docsOf(route)])) as Record<
  RouteName,
  OperationDoc
>;

/** Every schema of `components.schemas` by name: the areas' records and bodies, problems and gateway answers. */
export const components: Record<string, Component> = Object.assign(
  {},
  ...[...areaDocs.values()].map((docs) => docs.components ?? {}),
  problemComponents,
);

/** The areas' docs tags, each once (areas may share one), in the order of the list of areas. */
export const tags: readonly { name: string; description: string }[] = [
  ...new Set(areas.map(({ docsTag }) => docsTag.name)),
].map((name) => {
  const sharing = areas.filter(({ docsTag }) => docsTag.name === name);
  const longer = sharing.map((area) => areaDocs.get(area.name)?.tagDescription).find(Boolean);
  return { name, description: longer ?? sharing[0]?.docsTag.description ?? '' };
});

/** The name of the tag a route is documented under: its area's. */
export const tagOf = (route: Pick<RouteDefinition, 'area'>): string => {
  const area = areas.find(({ name }) => name === route.area);
  if (!area) throw new Error(`No area named ${route.area}`);
  return area.docsTag.name;
};
