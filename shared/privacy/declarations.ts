import { accountPersonalData } from '../accounts/personal-data.ts';
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
import type { ItemKindDeclaration, PlaceOfItems } from './declaration.ts';
import { privacyPersonalData } from './personal-data.ts';

/** The one list of item kinds: every kind the table holds, declared beside its entity. */
export const itemKindDeclarations: readonly ItemKindDeclaration[] = [
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
  ...accountPersonalData,
  ...declarationPersonalData,
  ...privacyPersonalData,
];

const byEntity = new Map(itemKindDeclarations.map((declaration) => [declaration.entity, declaration]));

/** The declaration of an item's kind; undefined for an item no declaration covers (an incomplete inventory). */
export const declarationOf = (item: Record<string, unknown>): ItemKindDeclaration | undefined =>
  typeof item.entity === 'string' ? byEntity.get(item.entity) : undefined;

/** The places a person's items are read from: only those some declaration names. */
export const placesOfPersonItems: ReadonlySet<PlaceOfItems> = new Set(
  itemKindDeclarations.flatMap((declaration) => (declaration.reach.from === 'nowhere' ? [] : [declaration.reach.from])),
);
