import { createHash } from 'node:crypto';
import { degrees, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, rgb } from '@cantoo/pdf-lib';
import { type DocumentFonts, embedDocumentFonts } from '../../pdf/fonts.ts';
import { a4, grey, margin, type PageLayout, pageLayout, rule, styles } from '../../pdf/page-layout.ts';
import { addSignatureField, signPdf } from '../../pdf/pdf-signature.ts';
import type { SealCertificate } from '../../pdf/seal-certificate.ts';
import type { Typesetter } from '../../pdf/typesetter.ts';
import { typesetter } from '../../pdf/typesetter.ts';
import type { Sealer } from '../../signatures/sealer.ts';
import { drawAuditPage, drawMandateAuditPage } from './audit-page.ts';
import type { ContractDocumentInput, ContractForDocument, DirectDebitForDocument } from './contract-for-document.ts';
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
import { drawMandatePage, mandatePageTexts } from './mandate-page.ts';
import { drawWithdrawalPages, withdrawalPageTexts } from './withdrawal-page.ts';

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

/** The warning on every page of a document that is not (or no longer) in force: a line under the head and a large faint word. */
export interface PageMark {
  banner: string;
  watermark: string;
}

const contractMark = (contract: ContractForDocument): PageMark | null => {
  if (contract.status === 'pending') return { banner: draftMark, watermark: 'ENTWURF' };
  if (contract.status === 'cancelled') {
    return { banner: 'Storniert – dieser Vertrag ist nicht zustande gekommen', watermark: 'STORNIERT' };
  }
  return null;
};

/**
 * Where the page number stands. `STUDIO_DOCUMENT_TEST_LAYOUT=shifted` (tests only) moves it: a change of the
 * renderer's output, against which test/documents/signed-original.test.ts shows a stored original stays.
 */
const footerBaseline = (): number => (process.env.STUDIO_DOCUMENT_TEST_LAYOUT === 'shifted' ? 48 : 32);

const drawPageFrames = (
  layout: PageLayout,
  type: Typesetter,
  fonts: DocumentFonts,
  contract: ContractForDocument,
  {
    header = `Vertrag Nr. ${contract.number}`,
    mark = contractMark(contract),
  }: Pick<DocumentIdentity, 'header' | 'mark'>,
) => {
  const total = layout.pages.length;
  layout.pages.forEach((page, index) => {
    const top = a4[1] - 40;
    type.draw(page, header, margin.left, top, styles.small);
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
      type.draw(page, mark.banner, (a4[0] - type.width(mark.banner, style)) / 2, top - 19, style);
      // A large, faint diagonal mark no reader can miss and no crop removes.
      page.drawText(mark.watermark, {
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

const allTexts = ({ contract, termSentences, directDebit }: ContractDocumentInput): string[] => [
  JSON.stringify(contract),
  ...Object.values(termSentences),
  ...(directDebit ? mandatePageTexts(directDebit) : []),
  ...(contract.withdrawal ? withdrawalPageTexts(contract, contract.withdrawal) : []),
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

export interface DocumentIdentity {
  title: string;
  subject: string;
  /** The last change of what the document shows: its modification date, so the same state renders the same bytes. */
  modifiedAt: string;
  /** What sets the PDF's second id apart from another state or another document of the same contract. */
  idParts: string[];
  /** The PDF signature's reason. */
  reason: string;
  /** The mandate the document shows signed, named in its keywords; null for none. */
  signedMandate: string | null;
  /** The head of every page; the contract's number unless given. */
  header?: string;
  /** The warning on every page; unless given, the contract's own (a pending or cancelled contract). */
  mark?: PageMark | null;
}

// The document's info names the mandate it shows signed, in plain bytes (no object streams): an attempt whose
// write lost reads it from the stored file without parsing the PDF (the parser would double the renderer's code).
const signedMandateEntry = 'StudioSignedMandate';
const signedMandatePattern = new RegExp(`/${signedMandateEntry} \\(([0-9A-Za-z+?/:().,' -]{1,35})\\)`);

/** The reference of the mandate a rendered document shows signed, as its info names it, or null. */
export const signedMandateIn = (pdf: Uint8Array): string | null =>
  signedMandatePattern.exec(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1'))?.[1] ?? null;

/** Frames every page and sets the metadata: what a sealed document and an unsealed draft share. */
const frameDocument = (
  document: PDFDocument,
  layout: PageLayout,
  fonts: DocumentFonts,
  contract: ContractForDocument,
  identity: DocumentIdentity,
) => {
  drawPageFrames(layout, typesetter(fonts), fonts, contract, identity);
  document.setTitle(identity.title);
  document.setAuthor(contract.studio.legalName);
  document.setSubject(identity.subject);
  if (identity.signedMandate) {
    const info = document.context.lookup(document.context.trailerInfo.Info, PDFDict);
    info.set(PDFName.of(signedMandateEntry), PDFString.of(identity.signedMandate));
  }
  document.setLanguage('de-DE');
  document.setCreator('Studio-API');
  document.setProducer('Studio-API (@cantoo/pdf-lib)');
  document.setCreationDate(new Date(contract.createdAt));
  document.setModificationDate(new Date(identity.modifiedAt));
  document.context.trailerInfo.ID = document.context.obj([
    documentId(contract),
    documentId(contract, ...identity.idParts, identity.modifiedAt),
  ]);
};

/**
 * A draft that is never kept (an amendment not agreed yet): framed like the sealed documents, with its mark, and
 * deliberately not sealed, so that no PDF tool reports it as a valid signed document.
 */
export const unsealedDraft = async (
  document: PDFDocument,
  layout: PageLayout,
  fonts: DocumentFonts,
  contract: ContractForDocument,
  identity: DocumentIdentity,
): Promise<Uint8Array> => {
  frameDocument(document, layout, fonts, contract, identity);
  await fonts.embed();
  return document.save({ useObjectStreams: false });
};

/** Frames every page, sets the metadata and seals the file with a PAdES signature made with the sealing key. */
export const sealDocument = async (
  document: PDFDocument,
  layout: PageLayout,
  fonts: DocumentFonts,
  contract: ContractForDocument,
  identity: DocumentIdentity,
  { sealer, certificate, signedAt = new Date() }: ContractDocumentOptions,
): Promise<Uint8Array> => {
  frameDocument(document, layout, fonts, contract, identity);

  const [firstPage] = layout.pages;
  if (!firstPage) throw new Error('The contract document has no page');
  addSignatureField(document, firstPage, { signedAt, name: certificate.keyId, reason: identity.reason });
  await fonts.embed();
  const unsigned = await document.save({ useObjectStreams: false });
  return signPdf(unsigned, certificate, sealer);
};

/**
 * The customer's copy (docs/walkthrough.md, "The customer's copy"): the contract in German on A4, its
 * signatures, the SEPA mandate's page with the payment schedule when it is paid by direct debit, an audit
 * page, and a PAdES signature over the whole file made with the sealing key.
 */
export const renderContractDocument = async (
  input: ContractDocumentInput,
  options: ContractDocumentOptions,
): Promise<Uint8Array> => {
  const { contract, directDebit } = input;
  const document = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedDocumentFonts(document, allTexts(input));
  const layout = pageLayout(document, typesetter(fonts));

  drawTitle(layout, contract);
  drawParties(layout, contract);
  drawItems(layout, contract);
  drawTerm(layout, input);
  drawTerms(layout, contract);
  drawEnding(layout, contract);
  await drawSignatures(layout, document, input);
  if (directDebit) {
    layout.newPage();
    await drawMandatePage(layout, document, directDebit, contract);
  }
  if (contract.withdrawal) drawWithdrawalPages(layout, contract, contract.withdrawal);
  drawAuditPage(layout, input, options.certificate);

  const modifiedAt = lastChange(contract);
  return sealDocument(
    document,
    layout,
    fonts,
    contract,
    {
      title: `Vertrag Nr. ${contract.number}`,
      subject: `Vertrag zwischen ${contract.studio.legalName} und ${contract.contact.firstName} ${contract.contact.lastName}, Stand ${formatLocalTime(modifiedAt, contract.studio.timeZone)}`,
      modifiedAt,
      idParts: [contract.status],
      reason: `Kopie des Vertrags Nr. ${contract.number}, Dokument-Hash ${contract.documentHash}`,
      signedMandate: directDebit?.mandate.signature ? directDebit.mandate.reference : null,
    },
    options,
  );
};

/**
 * A mandate signed after the contract's original was stored (docs/documents.md, "A mandate signed later"):
 * its page with the drawn signature and the schedule, and an audit page with its evidence, sealed as the
 * original is.
 */
export const renderMandateDocument = async (
  contract: ContractForDocument,
  directDebit: DirectDebitForDocument,
  options: ContractDocumentOptions,
): Promise<Uint8Array> => {
  const { mandate } = directDebit;
  if (!mandate.signature) throw new Error(`Mandate ${mandate.reference} is not signed`);
  const document = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedDocumentFonts(document, [JSON.stringify(contract), ...mandatePageTexts(directDebit)]);
  const layout = pageLayout(document, typesetter(fonts));
  await drawMandatePage(layout, document, directDebit, contract);
  drawMandateAuditPage(layout, contract, directDebit, options.certificate);
  return sealDocument(
    document,
    layout,
    fonts,
    contract,
    {
      title: `SEPA-Lastschriftmandat ${mandate.reference}`,
      subject: `SEPA-Lastschriftmandat ${mandate.reference} zum Vertrag Nr. ${contract.number}, unterschrieben von ${mandate.signature.signerName}`,
      modifiedAt: mandate.signature.signedAt,
      idParts: ['mandate', mandate.reference],
      reason: `SEPA-Lastschriftmandat ${mandate.reference}, Mandats-Hash ${mandate.mandateHash}`,
      signedMandate: mandate.reference,
    },
    options,
  );
};
