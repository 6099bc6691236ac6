import { PDFDocument } from '@cantoo/pdf-lib';
import { embedDocumentFonts } from '../../pdf/fonts.ts';
import { pageLayout, styles } from '../../pdf/page-layout.ts';
import { typesetter } from '../../pdf/typesetter.ts';
import type { ContractForDocument, PostalAddress, TerminationForDocument } from './contract-for-document.ts';
import { countryName, formatDate, formatLocalTime } from './german-format.ts';
import { type ContractDocumentOptions, sealDocument } from './render-contract-document.ts';

/*
 * The Kündigungsbestätigung (docs/documents.md, "The Kündigungsbestätigung"): a letter from the studio to the contact
 * that confirms a recorded termination and names the day the contract ends. German whatever the studio's
 * language, like the copy; sealed like it, so the customer can show it unaltered.
 */

/** A terminated contract, as the letter needs it. */
export type TerminatedContract = ContractForDocument & { termination: TerminationForDocument };

const addressLines = (address: PostalAddress) => [
  address.street,
  `${address.postalCode} ${address.city}`,
  ...(address.country === 'DE' ? [] : [countryName(address.country)]),
];

/** The letter's paragraphs after the salutation: what was received, how it was meant, and the end. */
export const terminationLetterParagraphs = ({ number, termination, studio }: TerminatedContract): string[] => {
  const kind =
    termination.kind === 'extraordinary' ? 'außerordentliche (fristlose) Kündigung' : 'ordentliche Kündigung';
  return [
    `wir bestätigen Ihnen den Eingang Ihrer Kündigung am ${formatDate(termination.receivedOn)}. Wir haben sie als ${kind} Ihres Vertrags Nr. ${number} erfasst.`,
    ...(termination.reason ? [`Angegebener Grund: ${termination.reason}`] : []),
    `Ihr Vertrag endet am ${formatDate(termination.endsOn)}. Bis zu diesem Tag können Sie unsere Leistungen wie vereinbart nutzen; Beiträge sind bis dahin zu zahlen.`,
    `Bei Fragen erreichen Sie uns unter ${studio.email}${studio.phone ? ` oder ${studio.phone}` : ''}.`,
  ];
};

/** The letter as a sealed PDF: the same contract and termination always render to the same content. */
export const renderTerminationLetter = async (
  contract: TerminatedContract,
  options: ContractDocumentOptions,
): Promise<Uint8Array> => {
  const { studio, contact, termination } = contract;
  const paragraphs = terminationLetterParagraphs(contract);
  const sender = [studio.legalName, ...addressLines(studio.address)];
  const recipient = [
    `${contact.firstName} ${contact.lastName}`,
    ...(contact.address ? addressLines(contact.address) : []),
  ];
  const document = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedDocumentFonts(document, [JSON.stringify(contract), ...paragraphs]);
  const layout = pageLayout(document, typesetter(fonts));

  layout.text(sender.join(' · '), styles.small);
  layout.space(8);
  for (const line of recipient) layout.text(line);
  layout.space(24);
  layout.text(`${studio.address.city}, ${formatLocalTime(termination.recordedAt, studio.timeZone).split(',')[0]}`);
  layout.space(12);
  layout.text(`Kündigungsbestätigung zu Ihrem Vertrag Nr. ${contract.number}`, styles.heading);
  layout.space(12);
  layout.text(`Guten Tag ${contact.firstName} ${contact.lastName},`);
  for (const paragraph of paragraphs) {
    layout.space(8);
    layout.text(paragraph);
  }
  layout.space(16);
  layout.text('Mit freundlichen Grüßen');
  layout.text(studio.legalName, styles.bodyBold);

  return sealDocument(
    document,
    layout,
    fonts,
    contract,
    {
      title: `Kündigungsbestätigung Vertrag Nr. ${contract.number}`,
      subject: `Kündigungsbestätigung zum Vertrag Nr. ${contract.number}: Vertragsende ${formatDate(termination.endsOn)}`,
      modifiedAt: termination.recordedAt,
      idParts: ['termination_confirmation', termination.recordedAt],
      reason: `Kündigungsbestätigung zum Vertrag Nr. ${contract.number}`,
      signedMandate: null,
    },
    options,
  );
};
