import { areas } from '../areas.ts';
import type { AreaItemKinds, ItemKind, PlaceOfItems } from './item-kind.ts';

/** Modules below the areas that write items of their own: the data layer's idempotency records, the erasure log. */
const modulesBesideTheAreas = ['db', 'privacy'] as const;

/**
 * Where the item kinds are listed: the areas by name (`shared/<area>/personal-data.ts`, as their docs are
 * loaded), then the modules above. In a deployed bundle the names the stack wrote into it, so the list of areas
 * is not bundled; esbuild bundles every `shared/*\/personal-data.ts` the import below can name.
 */
export const inventoryModules: readonly string[] = [
  ...(typeof __STUDIO_AREA_NAMES__ === 'undefined' ? areas.map(({ name }) => name) : __STUDIO_AREA_NAMES__.split(' ')),
  ...modulesBesideTheAreas,
];

const itemKindsOf = async (module: string): Promise<AreaItemKinds> => {
  const file = `shared/${module}/personal-data.ts`;
  const loaded: Record<string, unknown> = await import(/* @vite-ignore */ `../${module}/personal-data.ts`).catch(
    (error: unknown) => {
      throw new Error(`${module}: ${file} could not be loaded`, { cause: error });
    },
  );
  if (!Array.isArray(loaded.itemKinds)) throw new Error(`${module}: ${file} must export itemKinds (an AreaItemKinds)`);
  return loaded.itemKinds as AreaItemKinds;
};

/** The personal-data inventory: every kind of item the table holds, listed beside its entity. */
export const inventory: readonly ItemKind[] = (await Promise.all(inventoryModules.map(itemKindsOf))).flat();

const byEntity = new Map(inventory.map((kind) => [kind.entity, kind]));

/** An item's kind in the inventory; undefined for an item the inventory leaves out (it is incomplete). */
export const itemKindOf = (item: Record<string, unknown>): ItemKind | undefined =>
  typeof item.entity === 'string' ? byEntity.get(item.entity) : undefined;

/** The places a person's items are read from: only those some item kind names. */
export const placesOfPersonItems: ReadonlySet<PlaceOfItems> = new Set(
  inventory.flatMap((kind) => (kind.reach.from === 'nowhere' ? [] : [kind.reach.from])),
);
