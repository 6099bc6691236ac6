import type { DocumentKind } from './originals/document-key.ts';

// The name a download is saved under: the kind in German and the contract's number.
const baseNames: Record<DocumentKind, string> = {
  signed_original: 'Vertrag',
  mandate: 'SEPA-Mandat',
  termination_confirmation: 'Kuendigungsbestaetigung',
  withdrawal_confirmation: 'Widerrufsbestaetigung',
  reminder: 'Mahnung',
};

/** `Vertrag-2026-000001.pdf`: the signed original keeps the name the customer's copy always had. */
export const storedDocumentFileName = (kind: DocumentKind, contractNumber: string): string =>
  `${baseNames[kind]}-${contractNumber}.pdf`;
