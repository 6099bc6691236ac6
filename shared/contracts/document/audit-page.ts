import { createHash } from 'node:crypto';
import { type PageLayout, styles } from '../../pdf/page-layout.ts';
import type { SealCertificate } from '../../pdf/seal-certificate.ts';
import type { ContractDocumentInput, ContractForDocument, DirectDebitForDocument } from './contract-for-document.ts';
import { formatLocalTime, formatUtcTime, roleLabels } from './german-format.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

// What the seal proves and what it does not, in words a customer can follow (docs/walkthrough.md, "The customer's copy").
const contractSealNote =
  'Was das Siegel beweist: Bei jeder Unterschrift hat der Server die Angaben unten – Dokument-Hash (er steht für den gesamten vereinbarten Vertragsinhalt), Rolle, Name, Zeitpunkt, IP-Adresse, Browser-Kennung (User-Agent) und den SHA-256-Hash des Unterschriftsbilds – mit seinem Siegelschlüssel versiegelt (ECDSA P-256 mit SHA-256). Ändert sich danach auch nur ein Zeichen davon, ist das Siegel ungültig.';
const explanation = [
  'Diese PDF-Datei ist außerdem mit demselben Schlüssel elektronisch signiert (PAdES). Jedes PDF-Programm, das Signaturen prüft, zeigt, ob die Datei seit ihrer Erstellung verändert wurde. Das Zertifikat hat das Studio für seinen Siegelschlüssel selbst ausgestellt, nicht eine Vertrauensstelle: PDF-Programme melden den Aussteller deshalb als unbekannt oder nicht vertrauenswürdig. Maßgeblich ist, dass der Fingerabdruck des Zertifikats und die Schlüssel-ID mit den Angaben hier übereinstimmen.',
  'Was es nicht beweist: wer den Stift geführt hat. Die Unterschrift ist eine einfache elektronische Signatur (Art. 3 Nr. 10 eIDAS-Verordnung). Nach Art. 25 Abs. 1 eIDAS darf ihr die Rechtswirkung und die Zulässigkeit als Beweismittel nicht allein deshalb abgesprochen werden, weil sie elektronisch vorliegt; die Wirkung einer handschriftlichen Unterschrift hat nur eine qualifizierte elektronische Signatur (Art. 25 Abs. 2).',
];

const contractHashNote =
  'SHA-256 über das kanonische JSON (RFC 8785) des vereinbarten Inhalts: Parteien, Leistungen, Preise, Laufzeit und Bedingungen.';

/** The audit page's head: the facts, what the hash covers, the certificate, and what the seal proves. */
export const drawAuditHead = (
  layout: PageLayout,
  facts: readonly [string, string][],
  certificate: SealCertificate,
  hashNote = contractHashNote,
  sealNote = contractSealNote,
) => {
  layout.newPage();
  layout.text('Prüfprotokoll', styles.title);
  layout.space(6);
  for (const [label, value] of facts) layout.fact(label, value);
  layout.text(hashNote, styles.small);
  layout.space(4);
  layout.fact('Zertifikat (SHA-256)', hex(certificate.sha256));
  layout.fact('Schlüssel-ID', certificate.keyId);

  layout.heading('Was das Siegel beweist – und was nicht');
  for (const paragraph of [sealNote, ...explanation]) {
    layout.text(paragraph);
    layout.space(4);
  }
};

export const keyIdFact = (keyId: string, certificate: SealCertificate) =>
  keyId === certificate.keyId ? `${keyId} (wie im Zertifikat)` : `${keyId} (ein früherer Schlüssel)`;

export const imageFact = (imageSha256: string, image: { bytes: Uint8Array } | null | undefined) =>
  `${imageSha256}${image && createHash('sha256').update(image.bytes).digest('hex') === imageSha256 ? ' – stimmt mit dem abgebildeten Bild überein' : ' – das abgebildete Bild weicht ab oder fehlt'}`;

/** The evidence of a signed mandate (docs/sepa.md): what its seal covers, as a contract signature's is listed. */
/** A signature's evidence as every audit page lists it; `hash` names the hash it signed and whether that is the one above. */
export const drawSignatureEvidence = (
  layout: PageLayout,
  signature: {
    signerName: string;
    signedAt: string;
    ipAddress: string;
    userAgent: string;
    imageSha256: string;
    seal: { algorithm: string; keyId: string; value: string };
  },
  context: {
    timeZone: string;
    image: Parameters<typeof imageFact>[1];
    certificate: SealCertificate;
    hash?: { label: string; signed: string; expected: string; of: string };
  },
) => {
  layout.fact('Name', signature.signerName);
  layout.fact('Zeitpunkt (UTC)', formatUtcTime(signature.signedAt));
  layout.fact(`Zeitpunkt (${context.timeZone})`, formatLocalTime(signature.signedAt, context.timeZone));
  layout.fact('IP-Adresse', signature.ipAddress);
  layout.fact('User-Agent', signature.userAgent || '(keiner übermittelt)');
  layout.fact('Bild (SHA-256)', imageFact(signature.imageSha256, context.image));
  const { hash } = context;
  if (hash) {
    layout.fact(
      hash.label,
      hash.signed === hash.expected ? 'wie oben' : `${hash.signed} – weicht vom ${hash.label} ${hash.of} ab`,
    );
  }
  layout.fact('Siegelverfahren', signature.seal.algorithm);
  layout.fact('Schlüssel-ID', keyIdFact(signature.seal.keyId, context.certificate));
  layout.fact('Siegel (Base64)', signature.seal.value);
};

const drawMandateEvidence = (
  layout: PageLayout,
  { mandate }: DirectDebitForDocument,
  timeZone: string,
  certificate: SealCertificate,
) => {
  const { signature } = mandate;
  if (!signature) return;
  layout.heading(`Unterschrift: SEPA-Lastschriftmandat ${mandate.reference}`);
  layout.fact('Mandats-Hash', mandate.mandateHash);
  layout.text(
    'SHA-256 über das kanonische JSON (RFC 8785) des Mandats: Vertrag, Mandatsreferenz, Zahlungsempfänger mit Gläubiger-ID, Kontoinhaber/in, IBAN, BIC, Verfahren (CORE) und Art (wiederkehrend).',
    styles.small,
  );
  drawSignatureEvidence(layout, signature, { timeZone, image: mandate.image, certificate });
};

const drawHowToCheck = (layout: PageLayout, fileName: string, contractId: string) => {
  layout.heading('So prüfen Sie dieses Dokument');
  layout.text(
    `Die PDF-Signatur prüft jedes PDF-Programm mit Signaturanzeige oder z. B. „pdfsig ${fileName}“ (Poppler): „Signature is Valid“ und „Total document signed“ bedeuten, dass die Datei unverändert ist. Die Siegel der Unterschriften prüft das Studio jederzeit neu (Prüfung des Vertrags, API: GET /api/contracts/${contractId}/verification).`,
  );
};

/** „Prüfprotokoll“: the facts behind every seal and how to check them, on a page of its own. */
export const drawAuditPage = (
  layout: PageLayout,
  { contract, signatureImages, directDebit }: ContractDocumentInput,
  certificate: SealCertificate,
) => {
  drawAuditHead(
    layout,
    [
      ['Vertrag', `Nr. ${contract.number} (ID ${contract.id})`],
      ['Dokument-Hash', contract.documentHash],
    ],
    certificate,
  );

  for (const signature of contract.signatures) {
    layout.heading(`Unterschrift: ${roleLabels[signature.role]}`);
    const image = signatureImages.find((candidate) => candidate.role === signature.role);
    drawSignatureEvidence(layout, signature, {
      timeZone: contract.studio.timeZone,
      image,
      certificate,
      hash: {
        label: 'Dokument-Hash',
        signed: signature.documentHash,
        expected: contract.documentHash,
        of: 'des Vertrags',
      },
    });
  }
  if (contract.signatures.length === 0) {
    layout.space(8);
    layout.text('Dieser Vertrag ist noch von niemandem unterschrieben.', styles.bodyBold);
  }
  if (directDebit) drawMandateEvidence(layout, directDebit, contract.studio.timeZone, certificate);
  drawHowToCheck(layout, `Vertrag-${contract.number}.pdf`, contract.id);
};

/** The audit page of a mandate signed after the original was stored: the mandate's evidence alone. */
export const drawMandateAuditPage = (
  layout: PageLayout,
  contract: ContractForDocument,
  directDebit: DirectDebitForDocument,
  certificate: SealCertificate,
) => {
  drawAuditHead(
    layout,
    [
      ['Vertrag', `Nr. ${contract.number} (ID ${contract.id})`],
      ['Dokument-Hash', `${contract.documentHash} (des Vertrags; das Mandat hat seinen eigenen Hash, unten)`],
    ],
    certificate,
  );
  drawMandateEvidence(layout, directDebit, contract.studio.timeZone, certificate);
  drawHowToCheck(layout, `SEPA-Mandat-${contract.number}.pdf`, contract.id);
};
