import type { DocumentKind, DocumentSlotId } from './originals/document-key.ts';

// The name a download is saved under: the kind in German and the contract's number.
const baseNames: Record<DocumentKind, string> = {
  signed_original: 'Vertrag',
  mandate: 'SEPA-Mandat',
  termination_confirmation: 'Kuendigungsbestaetigung',
  withdrawal_confirmation: 'Widerrufsbestaetigung',
  reminder: 'Mahnung',
  amendment: 'Aenderungsvereinbarung',
};

/**
 * `Vertrag-2026-000001.pdf`: the signed original keeps the name the customer's copy always had. A mandate's
 * document is named by its reference (`SEPA-Mandat-2026-000001-2.pdf`), a reminder's by the contract's number and
 * its own (`Mahnung-2026-000001-2.pdf`), an amendment's by its number (`Aenderungsvereinbarung-2026-000001-A1.pdf`):
 * a contract may have several.
 */
export const storedDocumentFileName = (
  kind: DocumentKind,
  contractNumber: string,
  slot: DocumentSlotId = null,
): string => {
  if (kind === 'mandate' && typeof slot === 'string') return `${baseNames[kind]}-${slot}.pdf`;
  if (kind === 'reminder' && typeof slot === 'number') return `${baseNames[kind]}-${contractNumber}-${slot}.pdf`;
  if (kind === 'amendment' && typeof slot === 'string') return `${baseNames[kind]}-${slot}.pdf`;
  return `${baseNames[kind]}-${contractNumber}.pdf`;
};
