import { areas } from '../areas.ts';
import type { AreaItemKinds, ItemKind, PlaceOfItems } from './item-kind.ts';

/** Modules below the areas that write items of their own: the data layer's idempotency records, the erasure log. */
const modulesBesideTheAreas = ['db', 'privacy'] as const;

/**
 * The modules whose `personal-data.ts` make the inventory: every area by its name (as its docs are loaded), then
 * the modules beside the areas. A function, so that a bundle, which gets the inventory from the stack, has no areas.
 */
export const inventoryModules = (): readonly string[] => [...areas.map(({ name }) => name), ...modulesBesideTheAreas];

/** A module's item kinds, from its `personal-data.ts` by the module's name. */
const itemKindsOf = async (module: string): Promise<AreaItemKinds> => {
  const file = `shared/${module}/personal-data.ts`;
  // A URL, not a template literal in import(): esbuild would bundle every file such a template can name.
  const url = new URL(`../${module}/personal-data.ts`, import.meta.url);
  const loaded: Record<string, unknown> = await import(/* @vite-ignore */ url.href).catch((error: unknown) => {
    throw new Error(`${module}: ${file} could not be loaded`, { cause: error });
  });
  if (!Array.isArray(loaded.itemKinds)) throw new Error(`${module}: ${file} must export itemKinds (an AreaItemKinds)`);
  return loaded.itemKinds as AreaItemKinds;
};

/**
 * The personal-data inventory: every kind of item the table holds, listed beside its entity. In a deployed bundle
 * the one the stack wrote into it (`functionConstants`), so that it neither bundles the list of areas nor loads
 * the areas' files by name.
 */
export const inventory: readonly ItemKind[] =
  typeof __STUDIO_INVENTORY__ === 'undefined'
    ? (await Promise.all(inventoryModules().map(itemKindsOf))).flat()
    : (JSON.parse(__STUDIO_INVENTORY__) as readonly ItemKind[]);

const byEntity = new Map(inventory.map((kind) => [kind.entity, kind]));

/** An item's kind in the inventory; undefined for an item the inventory leaves out (it is incomplete). */
export const itemKindOf = (item: Record<string, unknown>): ItemKind | undefined =>
  typeof item.entity === 'string' ? byEntity.get(item.entity) : undefined;

/** The places a person's items are read from: only those some item kind names. */
export const placesOfPersonItems: ReadonlySet<PlaceOfItems> = new Set(
  inventory.flatMap((kind) => (kind.reach.from === 'nowhere' ? [] : [kind.reach.from])),
);
