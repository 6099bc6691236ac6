import { collectionPersonalData } from '../collections/personal-data.ts';
import { contactPersonalData } from '../contacts/personal-data.ts';
import { contractPersonalData } from '../contracts/personal-data.ts';
import { dataLayerPersonalData } from '../db/personal-data.ts';
import { declarationPersonalData } from '../declarations/personal-data.ts';
import { documentPersonalData } from '../documents/personal-data.ts';
import { eventPersonalData } from '../events/personal-data.ts';
import { servicePersonalData } from '../services/personal-data.ts';
import { signingPersonalData } from '../signing/personal-data.ts';
import { studioPersonalData } from '../studio/personal-data.ts';
import { webhookPersonalData } from '../webhooks/personal-data.ts';
import type { ItemKind, PlaceOfItems } from './item-kind.ts';
import { privacyPersonalData } from './personal-data.ts';

/** The personal-data inventory: every kind of item the table holds, listed beside its entity. */
export const inventory: readonly ItemKind[] = [
  ...contactPersonalData,
  ...servicePersonalData,
  ...studioPersonalData,
  ...contractPersonalData,
  ...documentPersonalData,
  ...signingPersonalData,
  ...eventPersonalData,
  ...webhookPersonalData,
  ...dataLayerPersonalData,
  ...collectionPersonalData,
  ...declarationPersonalData,
  ...privacyPersonalData,
];

const byEntity = new Map(inventory.map((kind) => [kind.entity, kind]));

/** An item's kind in the inventory; undefined for an item the inventory leaves out (it is incomplete). */
export const itemKindOf = (item: Record<string, unknown>): ItemKind | undefined =>
  typeof item.entity === 'string' ? byEntity.get(item.entity) : undefined;

/** The places a person's items are read from: only those some item kind names. */
export const placesOfPersonItems: ReadonlySet<PlaceOfItems> = new Set(
  inventory.flatMap((kind) => (kind.reach.from === 'nowhere' ? [] : [kind.reach.from])),
);
