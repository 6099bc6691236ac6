import { PDFDocument } from '@cantoo/pdf-lib';
import { embedDocumentFonts } from '../../pdf/fonts.ts';
import { pageLayout, styles } from '../../pdf/page-layout.ts';
import { type TextStyle, typesetter } from '../../pdf/typesetter.ts';
import type { ContractForDocument, PostalAddress } from './contract-for-document.ts';
import { countryName } from './german-format.ts';
import { type ContractDocumentOptions, type DocumentIdentity, sealDocument } from './render-contract-document.ts';

/*
 * A letter from the studio to the contract's customer (the Kündigungsbestätigung, a reminder): the sender line,
 * the address, place and date, the subject, the salutation, the paragraphs and the closing, on one sealed page.
 */

const addressLines = (address: PostalAddress) => [
  address.street,
  `${address.postalCode} ${address.city}`,
  ...(address.country === 'DE' ? [] : [countryName(address.country)]),
];

export interface StudioLetter {
  /** The date beside the studio's city, as printed (`01.02.2027`). */
  date: string;
  /** The line above the salutation. */
  subject: string;
  paragraphs: readonly string[];
  /** How a paragraph stands apart from the one before, and in which style; 8 pt and the body's style by default. */
  paragraphStyle?: (paragraph: string) => { space: number; style: TextStyle };
  /** What the seal and the file's metadata name. */
  identity: DocumentIdentity;
}

/** The letter as a sealed PDF: the same contract and letter always render to the same content. */
export const renderStudioLetter = async (
  contract: ContractForDocument,
  letter: StudioLetter,
  options: ContractDocumentOptions,
): Promise<Uint8Array> => {
  const { studio, contact } = contract;
  const document = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedDocumentFonts(document, [JSON.stringify(contract), letter.subject, ...letter.paragraphs]);
  const layout = pageLayout(document, typesetter(fonts));

  layout.text([studio.legalName, ...addressLines(studio.address)].join(' · '), styles.small);
  layout.space(8);
  layout.text(`${contact.firstName} ${contact.lastName}`);
  for (const line of contact.address ? addressLines(contact.address) : []) layout.text(line);
  layout.space(24);
  layout.text(`${studio.address.city}, ${letter.date}`);
  layout.space(12);
  layout.text(letter.subject, styles.heading);
  layout.space(12);
  layout.text(`Guten Tag ${contact.firstName} ${contact.lastName},`);
  for (const paragraph of letter.paragraphs) {
    const { space, style } = letter.paragraphStyle?.(paragraph) ?? { space: 8, style: styles.body };
    layout.space(space);
    layout.text(paragraph, style);
  }
  layout.space(16);
  layout.text('Mit freundlichen Grüßen');
  layout.text(studio.legalName, styles.bodyBold);

  return sealDocument(document, layout, fonts, contract, letter.identity, options);
};
