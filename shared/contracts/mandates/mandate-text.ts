import type { Mandate } from './mandate-schema.ts';

/**
 * The mandate's text in the German standard wording of a SEPA Core mandate, with the creditor,
 * its creditor id and the reference. The one place it is written: the signing page, the PDF copy
 * and `GET /api/contracts/:id/mandate` all show this text.
 */
export const mandateText = ({ creditor, reference }: Pick<Mandate, 'creditor' | 'reference'>): string =>
  `Ich ermächtige ${creditor.name} (Gläubiger-Identifikationsnummer ${creditor.creditorId}, Mandatsreferenz ${reference}) ` +
  'Zahlungen von meinem Konto mittels Lastschrift einzuziehen. ' +
  `Zugleich weise ich mein Kreditinstitut an, die von ${creditor.name} auf mein Konto gezogenen Lastschriften einzulösen. ` +
  'Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. ' +
  'Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.';
