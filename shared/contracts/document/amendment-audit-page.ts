import type { PageLayout } from '../../pdf/page-layout.ts';
import type { SealCertificate } from '../../pdf/seal-certificate.ts';
import type { AmendmentDocumentInput } from './amendment-document.ts';
import { drawAuditHead, drawSignatureEvidence } from './audit-page.ts';

const amendmentSealNote =
  'Was das Siegel beweist: Bei der Unterschrift hat der Server die Angaben unten – Änderungs-Hash (er steht für den gesamten Inhalt der Vereinbarung), Name, Zeitpunkt, IP-Adresse, Browser-Kennung (User-Agent) und den SHA-256-Hash des Unterschriftsbilds – mit seinem Siegelschlüssel versiegelt (ECDSA P-256 mit SHA-256). Ändert sich danach auch nur ein Zeichen davon, ist das Siegel ungültig.';
const amendmentHashNote =
  'SHA-256 über das kanonische JSON (RFC 8785) der Vereinbarung: Vertrag, Nummer, Art, Beginn, Annahmefrist, Dokument-Hash des Vertrags und die Angaben der Änderung.';

/** „Prüfprotokoll“ of an agreed amendment: its hash, the customer's signature with its evidence and seal, how to check. */
export const drawAmendmentAuditPage = (
  layout: PageLayout,
  { contract, amendment, image }: AmendmentDocumentInput,
  certificate: SealCertificate,
  fileName: string,
) => {
  drawAuditHead(
    layout,
    [
      ['Vertrag', `Nr. ${contract.number} (ID ${contract.id})`],
      ['Vereinbarung', `Nr. ${amendment.number} (ID ${amendment.id})`],
      ['Änderungs-Hash', amendment.amendmentHash],
    ],
    certificate,
    amendmentHashNote,
    amendmentSealNote,
  );
  const { signature } = amendment;
  if (!signature) return;
  const { timeZone } = contract.studio;
  layout.heading('Unterschrift: Kundin/Kunde');
  drawSignatureEvidence(layout, signature, {
    timeZone,
    image,
    certificate,
    hash: {
      label: 'Änderungs-Hash',
      signed: signature.amendmentHash,
      expected: amendment.amendmentHash,
      of: 'der Vereinbarung',
    },
  });
  layout.heading('So prüfen Sie dieses Dokument');
  layout.text(
    `Die PDF-Signatur prüft jedes PDF-Programm mit Signaturanzeige oder z. B. „pdfsig ${fileName}“ (Poppler): „Signature is Valid“ und „Total document signed“ bedeuten, dass die Datei unverändert ist. Das Siegel der Unterschrift deckt { contractId, amendmentId, amendmentHash } und die Angaben oben.`,
  );
};
