import { formatDate, formatMoney } from '../messages/german-format.ts';
import type { ContractCopyMail } from './contract-copy-mail.ts';
import type { MailContent } from './mime-message.ts';
import { studioMail } from './studio-mail.ts';

/** What a reminder's mail names: what the copy's names, and the reminder's title, total and deadline. */
export interface ReminderMail extends ContractCopyMail {
  title: string;
  total: { amount: number; currency: string };
  deadline: string;
}

/**
 * A reminder by email (docs/accounts.md, "Reminders"): in German, as plain text, the total and the deadline in the
 * text and the letter attached as the PDF the contract's documents keep.
 */
export const reminderMail = (mail: ReminderMail): MailContent =>
  studioMail(
    mail,
    `${mail.title} zu Ihrem Vertrag Nr. ${mail.contractNumber}`,
    [
      `zu Ihrem Vertrag Nr. ${mail.contractNumber} mit ${mail.studio.legalName} sind ${formatMoney(mail.total)} offen.`,
      `Bitte überweisen Sie den Betrag bis zum ${formatDate(mail.deadline)}; Verwendungszweck: ${mail.contractNumber}.`,
      '',
      `Die ${mail.title} mit allen offenen Posten und unserer Bankverbindung finden Sie als PDF-Datei im Anhang (${mail.fileName}).`,
    ],
    [{ fileName: mail.fileName, contentType: 'application/pdf', bytes: mail.pdf }],
  );
