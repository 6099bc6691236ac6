import { formatDate } from '../messages/german-format.ts';
import type { ContractCopyMail } from './contract-copy-mail.ts';
import type { MailContent } from './mime-message.ts';
import { studioMail } from './studio-mail.ts';

/** What the Kündigungsbestätigung's mail names: what the copy's names, and the contract's last day (`YYYY-MM-DD`). */
export interface TerminationConfirmationMail extends ContractCopyMail {
  endsOn: string;
}

/**
 * The Kündigungsbestätigung by email (docs/documents.md, "The Kündigungsbestätigung"): in German, as plain text (names go out as typed, never as
 * markup), the end date in the text and the letter attached as the PDF the contract's documents keep.
 */
export const terminationConfirmationMail = (mail: TerminationConfirmationMail): MailContent =>
  studioMail(
    mail,
    `Kündigungsbestätigung: Ihr Vertrag Nr. ${mail.contractNumber} endet am ${formatDate(mail.endsOn)}`,
    [
      `wir bestätigen Ihre Kündigung des Vertrags Nr. ${mail.contractNumber} mit ${mail.studio.legalName}.`,
      `Ihr Vertrag endet am ${formatDate(mail.endsOn)}.`,
      '',
      `Die Kündigungsbestätigung finden Sie als PDF-Datei im Anhang (${mail.fileName}). Bitte bewahren Sie sie auf.`,
    ],
    [{ fileName: mail.fileName, contentType: 'application/pdf', bytes: mail.pdf }],
  );
