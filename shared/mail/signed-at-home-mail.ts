import { formatDate } from '../contracts/document/german-format.ts';
import type { ContractCopyMail } from './contract-copy-mail.ts';
import type { MailContent } from './mime-message.ts';
import { studioMail } from './studio-mail.ts';

/** What the confirmation of a contract signed at home names: what the copy's names, and the withdrawal period's last day. */
export interface SignedAtHomeMail extends ContractCopyMail {
  periodEndsOn: string;
}

/**
 * The confirmation of a contract concluded away from the studio (§ 312f Abs. 2 BGB): the signed original, which
 * carries the Widerrufsbelehrung and the model withdrawal form, on a durable medium, in German plain text.
 */
export const signedAtHomeMail = (mail: SignedAtHomeMail): MailContent =>
  studioMail(
    mail,
    `Bestätigung Ihres Vertrags Nr. ${mail.contractNumber} mit ${mail.studio.legalName}`,
    [
      `vielen Dank für Ihre Unterschrift. Wir bestätigen den Abschluss des Vertrags Nr. ${mail.contractNumber} mit ${mail.studio.legalName}.`,
      '',
      `Den unterschriebenen Vertrag finden Sie als PDF-Datei im Anhang (${mail.fileName}), mit der Widerrufsbelehrung und dem Muster-Widerrufsformular. Bitte bewahren Sie die Datei auf: Sie ist Ihre Kopie des Vertrags auf einem dauerhaften Datenträger.`,
      `Ihre Widerrufsfrist endet am ${formatDate(mail.periodEndsOn)}.`,
    ],
    [mail, ...(mail.mandateDocuments ?? [])].map(({ fileName, pdf }) => ({
      fileName,
      contentType: 'application/pdf',
      bytes: pdf,
    })),
  );
