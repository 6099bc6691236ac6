import { createHash } from 'node:crypto';
import { degrees, PDFDocument, PDFHexString, rgb } from '@cantoo/pdf-lib';
import { type DocumentFonts, embedDocumentFonts } from '../../documents/fonts.ts';
import { a4, grey, margin, type PageLayout, pageLayout, rule, styles } from '../../documents/page-layout.ts';
import { addSignatureField, signPdf } from '../../documents/pdf-signature.ts';
import type { SealCertificate } from '../../documents/seal-certificate.ts';
import type { Typesetter } from '../../documents/typesetter.ts';
import { typesetter } from '../../documents/typesetter.ts';
import type { Sealer } from '../../signatures/sealer.ts';
import { drawAuditPage } from './audit-page.ts';
import type { ContractDocumentInput, ContractForDocument } from './contract-for-document.ts';
import {
  drawEnding,
  drawItems,
  drawParties,
  drawSignatures,
  drawTerm,
  drawTerms,
  drawTitle,
} from './contract-sections.ts';
import { formatLocalTime } from './german-format.ts';

export const draftMark = 'Entwurf – nicht unterschrieben';
const red = rgb(0.75, 0.1, 0.1);

/** `Vertrag-2026-000001.pdf`, as `Content-Disposition` and the mail attachment name it. */
export const contractDocumentFileName = (contract: Pick<ContractForDocument, 'number'>) =>
  `Vertrag-${contract.number}.pdf`;

// The last change of the contract's state: the PDF's modification date, so that
// the same contract always renders to the same bytes.
const lastChange = (contract: ContractForDocument) =>
  [
    contract.createdAt,
    contract.cancelledAt,
    contract.termination?.recordedAt,
    ...contract.signatures.map((s) => s.signedAt),
  ]
    .filter((instant): instant is string => typeof instant === 'string')
    .sort()
    .at(-1) as string;

const banner = (contract: ContractForDocument): string | null => {
  if (contract.status === 'pending') return draftMark;
  if (contract.status === 'cancelled') return 'Storniert – dieser Vertrag ist nicht zustande gekommen';
  return null;
};

/**
 * Where the page number stands. `STUDIO_DOCUMENT_TEST_LAYOUT=shifted` (tests only) moves it: a change of the
 * renderer's output, against which test/documents/signed-original.test.ts shows a stored original stays.
 */
const footerBaseline = (): number => (process.env.STUDIO_DOCUMENT_TEST_LAYOUT === 'shifted' ? 48 : 32);

const drawPageFrames = (layout: PageLayout, type: Typesetter, fonts: DocumentFonts, contract: ContractForDocument) => {
  const mark = banner(contract);
  const total = layout.pages.length;
  layout.pages.forEach((page, index) => {
    const top = a4[1] - 40;
    type.draw(page, `Vertrag Nr. ${contract.number}`, margin.left, top, styles.small);
    const studio = contract.studio.legalName;
    type.draw(page, studio, a4[0] - margin.right - type.width(studio, styles.small), top, styles.small);
    page.drawLine({
      start: { x: margin.left, y: top - 5 },
      end: { x: a4[0] - margin.right, y: top - 5 },
      thickness: 0.5,
      color: rule,
    });
    if (mark) {
      const style = { size: 10, bold: true, color: red };
      type.draw(page, mark, (a4[0] - type.width(mark, style)) / 2, top - 19, style);
      // A large, faint diagonal mark no reader can miss and no crop removes.
      page.drawText(contract.status === 'pending' ? 'ENTWURF' : 'STORNIERT', {
        x: 150,
        y: 280,
        size: 80,
        font: fonts.bold,
        color: red,
        opacity: 0.12,
        rotate: degrees(40),
      });
    }
    const pageNumber = `Seite ${index + 1} von ${total}`;
    type.draw(page, pageNumber, (a4[0] - type.width(pageNumber, styles.small)) / 2, footerBaseline(), {
      ...styles.small,
      color: grey,
    });
  });
};

const allTexts = ({ contract, termSentences }: ContractDocumentInput): string[] => [
  JSON.stringify(contract),
  ...Object.values(termSentences),
];

const documentId = (contract: ContractForDocument, ...parts: string[]) =>
  PDFHexString.of(
    createHash('sha256')
      .update([contract.id, contract.documentHash, ...parts].join('\n'))
      .digest('hex')
      .slice(0, 32),
  );

export interface ContractDocumentOptions {
  sealer: Sealer;
  certificate: SealCertificate;
  /** The PDF signature's time: the only part of the file that is not derived from the contract. */
  signedAt?: Date;
}

/**
 * The customer's copy (docs/walkthrough.md, "The customer's copy"): the contract in German on A4, its
 * signatures, an audit page, and a PAdES signature over the whole file made
 * with the sealing key.
 */
export const renderContractDocument = async (
  input: ContractDocumentInput,
  { sealer, certificate, signedAt = new Date() }: ContractDocumentOptions,
): Promise<Uint8Array> => {
  const { contract } = input;
  const document = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedDocumentFonts(document, allTexts(input));
  const type = typesetter(fonts);
  const layout = pageLayout(document, type);

  drawTitle(layout, contract);
  drawParties(layout, contract);
  drawItems(layout, contract);
  drawTerm(layout, input);
  drawTerms(layout, contract);
  drawEnding(layout, contract);
  await drawSignatures(layout, document, input);
  drawAuditPage(layout, input, certificate);
  drawPageFrames(layout, type, fonts, contract);

  const modifiedAt = lastChange(contract);
  document.setTitle(`Vertrag Nr. ${contract.number}`);
  document.setAuthor(contract.studio.legalName);
  document.setSubject(
    `Vertrag zwischen ${contract.studio.legalName} und ${contract.contact.firstName} ${contract.contact.lastName}, Stand ${formatLocalTime(modifiedAt, contract.studio.timeZone)}`,
  );
  document.setLanguage('de-DE');
  document.setCreator('Studio-API');
  document.setProducer('Studio-API (@cantoo/pdf-lib)');
  document.setCreationDate(new Date(contract.createdAt));
  document.setModificationDate(new Date(modifiedAt));
  document.context.trailerInfo.ID = document.context.obj([
    documentId(contract),
    documentId(contract, contract.status, modifiedAt),
  ]);

  const [firstPage] = layout.pages;
  if (!firstPage) throw new Error('The contract document has no page');
  addSignatureField(document, firstPage, {
    signedAt,
    name: certificate.keyId,
    reason: `Kopie des Vertrags Nr. ${contract.number}, Dokument-Hash ${contract.documentHash}`,
  });
  await fonts.embed();
  const unsigned = await document.save({ useObjectStreams: false });
  return signPdf(unsigned, certificate, sealer);
};
