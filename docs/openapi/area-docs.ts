import type { AreaName } from '#shared/areas.ts';
import type { RouteName } from '#shared/routes.ts';
import type { Component } from './components.ts';
import type { OperationDoc } from './operation-doc.ts';

/** The names of the routes an area declares. */
export type RouteNameOf<Area extends AreaName> = Extract<RouteName, `${Area}-${string}`>;

/**
 * What `docs/openapi/<area>.ts` exports as `docs`: the prose of the area's
 * operations, the schemas it names, and, where the area's one-line docs tag is
 * not enough, the tag's longer description. `operations.ts` loads it by the
 * area's name, so an area's docs are a file of its own and no line elsewhere.
 */
export interface AreaDocs {
  readonly operations: Partial<Record<RouteName, OperationDoc>>;
  readonly components?: Readonly<Record<string, Component>>;
  readonly tagDescription?: string;
}

/** Exported as `docs` by an area's docs file. */
export const isAreaDocs = (value: unknown): value is AreaDocs =>
  typeof value === 'object' && value !== null && typeof (value as AreaDocs).operations === 'object';
