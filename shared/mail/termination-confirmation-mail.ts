import type { MailContent } from './mime-message.ts';

/** What the Kündigungsbestätigung's mail names: the contract, its end, the parties, and the letter. */
export interface TerminationConfirmationMail {
  from: string;
  to: string;
  contractNumber: string;
  /** The contract's last day, `YYYY-MM-DD`. */
  endsOn: string;
  studio: { legalName: string; email: string };
  contact: { firstName: string; lastName: string };
  pdf: Uint8Array;
  fileName: string;
}

const germanDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/**
 * The Kündigungsbestätigung by email (API.md §14): in German, as plain text (names go out as typed, never as
 * markup), the end date in the text and the letter attached as the PDF the contract's documents keep.
 */
export const terminationConfirmationMail = (mail: TerminationConfirmationMail): MailContent => ({
  from: mail.from,
  fromName: mail.studio.legalName,
  to: mail.to,
  replyTo: mail.studio.email,
  subject: `Kündigungsbestätigung: Ihr Vertrag Nr. ${mail.contractNumber} endet am ${germanDate(mail.endsOn)}`,
  text: [
    `Guten Tag ${mail.contact.firstName} ${mail.contact.lastName},`,
    '',
    `wir bestätigen Ihre Kündigung des Vertrags Nr. ${mail.contractNumber} mit ${mail.studio.legalName}.`,
    `Ihr Vertrag endet am ${germanDate(mail.endsOn)}.`,
    '',
    `Die Kündigungsbestätigung finden Sie als PDF-Datei im Anhang (${mail.fileName}). Bitte bewahren Sie sie auf.`,
    '',
    `Bei Fragen erreichen Sie uns unter ${mail.studio.email}.`,
    '',
    'Mit freundlichen Grüßen',
    mail.studio.legalName,
  ].join('\n'),
  attachments: [{ fileName: mail.fileName, contentType: 'application/pdf', bytes: mail.pdf }],
});
