import type { Amendment } from './amendment-schema.ts';

/* The words for an amendment that its document and the signing page share (docs/amendments.md). */

export const amendmentKindTitles: Record<Amendment['kind'], string> = {
  pause: 'Vereinbarung über eine Ruhezeit',
  price: 'Preisänderung',
  items: 'Änderung der Leistungen',
};

/** „Vereinbarung über eine Ruhezeit zum Vertrag 2026-000001“. */
export const amendmentTitle = (amendment: Pick<Amendment, 'kind'>, contractNumber: string) =>
  `${amendmentKindTitles[amendment.kind]} zum Vertrag ${contractNumber}`;

/** A pause's reason by its label: never `reasonText` in the document, which may hold health data. */
export const pauseReasonLabels: Record<NonNullable<Amendment['reason']>, string> = {
  holiday: 'Urlaub',
  illness: 'Krankheit',
  pregnancy: 'Schwangerschaft',
  'parental-leave': 'Elternzeit',
  other: 'Sonstiger Grund',
};
