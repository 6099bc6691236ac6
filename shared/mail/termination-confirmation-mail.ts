import { formatDate } from '../contracts/document/german-format.ts';
import type { ContractCopyMail } from './contract-copy-mail.ts';
import type { MailContent } from './mime-message.ts';

/** What the Kündigungsbestätigung's mail names: what the copy's names, and the contract's last day (`YYYY-MM-DD`). */
export interface TerminationConfirmationMail extends ContractCopyMail {
  endsOn: string;
}

/**
 * The Kündigungsbestätigung by email (API.md §14): in German, as plain text (names go out as typed, never as
 * markup), the end date in the text and the letter attached as the PDF the contract's documents keep.
 */
export const terminationConfirmationMail = (mail: TerminationConfirmationMail): MailContent => ({
  from: mail.from,
  fromName: mail.studio.legalName,
  to: mail.to,
  replyTo: mail.studio.email,
  subject: `Kündigungsbestätigung: Ihr Vertrag Nr. ${mail.contractNumber} endet am ${formatDate(mail.endsOn)}`,
  text: [
    `Guten Tag ${mail.contact.firstName} ${mail.contact.lastName},`,
    '',
    `wir bestätigen Ihre Kündigung des Vertrags Nr. ${mail.contractNumber} mit ${mail.studio.legalName}.`,
    `Ihr Vertrag endet am ${formatDate(mail.endsOn)}.`,
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
