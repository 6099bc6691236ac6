import { type PDFDocument, PDFHexString, PDFName, type PDFPage, PDFString } from '@cantoo/pdf-lib';
import type { Sealer } from '../signatures/sealer.ts';
import { sha256, signDetached } from './cms-signature.ts';
import type { SealCertificate } from './seal-certificate.ts';

// Room for the CMS: certificate (~0.5 KB), attributes and signature fit with a wide margin.
const contentsBytes = 4096;
const byteRangePlaceholder = '/**********';
const byteRangeText = `[ 0 ${byteRangePlaceholder} ${byteRangePlaceholder} ${byteRangePlaceholder} ]`;
const contentsText = `<${'0'.repeat(contentsBytes * 2)}>`;

export interface PdfSignatureDetails {
  signedAt: Date;
  /** Shown by PDF readers as the signer. */
  name: string;
  reason: string;
}

/**
 * Adds an invisible signature field whose value is a PAdES signature
 * dictionary with room for the CMS. Call before `save({ useObjectStreams: false })`:
 * the dictionary must stay a plain object so its placeholders can be filled in place.
 */
export const addSignatureField = (document: PDFDocument, page: PDFPage, details: PdfSignatureDetails): void => {
  const { context } = document;
  const signature = context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: [0, PDFName.of('**********'), PDFName.of('**********'), PDFName.of('**********')],
    Contents: PDFHexString.of('0'.repeat(contentsBytes * 2)),
    M: PDFString.fromDate(details.signedAt),
    Name: PDFString.of(details.name),
    Reason: PDFString.of(details.reason),
  });
  const widget = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: [0, 0, 0, 0],
      V: context.register(signature),
      T: PDFString.of('Vertragssiegel'),
      // Print (4) and Locked (128): an invisible field nobody can edit.
      F: 132,
      P: page.ref,
    }),
  );
  page.node.addAnnot(widget);
  document.catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [widget], SigFlags: 3 }));
};

const find = (bytes: Buffer, text: string, from = 0) => {
  const index = bytes.indexOf(text, from, 'latin1');
  if (index < 0 || bytes.indexOf(text, index + 1, 'latin1') >= 0) {
    throw new Error(`PDF signature: expected exactly one ${text.slice(0, 12)}… placeholder`);
  }
  return index;
};

/**
 * Fills the placeholders left by `addSignatureField`: the byte range (everything
 * but the /Contents hex string) and the detached CMS signature over it.
 */
export const signPdf = async (pdf: Uint8Array, certificate: SealCertificate, sealer: Sealer): Promise<Uint8Array> => {
  const bytes = Buffer.from(pdf);
  const byteRangeAt = find(bytes, byteRangeText);
  const contentsStart = find(bytes, contentsText);
  const contentsEnd = contentsStart + contentsText.length;
  const range = `[0 ${contentsStart} ${contentsEnd} ${bytes.length - contentsEnd}]`;
  bytes.write(range.padEnd(byteRangeText.length, ' '), byteRangeAt, 'latin1');

  const digest = sha256(bytes.subarray(0, contentsStart), bytes.subarray(contentsEnd));
  const cms = await signDetached(digest, certificate, sealer);
  if (cms.length > contentsBytes) throw new Error(`PDF signature: the CMS (${cms.length} bytes) does not fit`);
  bytes.write(Buffer.from(cms).toString('hex').toUpperCase(), contentsStart + 1, 'latin1');
  return new Uint8Array(bytes);
};
