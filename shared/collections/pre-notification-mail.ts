import type { CalendarDate } from '../contracts/dates.ts';
import type { MailContent } from '../mail/mime-message.ts';
import { studioMail } from '../mail/studio-mail.ts';

/** What the Vorabankündigung of a returned due's next collection names (docs/accounts.md, "Returns"). */
export interface PreNotificationMail {
  from: string;
  to: string;
  studio: { legalName: string; email: string };
  contact: { firstName: string; lastName: string };
  contractNumber: string;
  dueId: string;
  amount: number;
  bankFee: number;
  mandateReference: string;
  creditorId: string;
  collectionDate: CalendarDate;
  returnedOn: CalendarDate;
}

const germanDate = (date: CalendarDate) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
const euro = (cents: number) =>
  `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)} €`;

/**
 * The German pre-notification (Vorabankündigung) before a returned debit is collected again: the SEPA rulebook asks
 * the creditor to announce amount and date, with the mandate reference and the creditor identifier, before each debit.
 */
export const preNotificationMail = (mail: PreNotificationMail): MailContent =>
  studioMail(mail, `Vorabankündigung: erneute Lastschrift zu Vertrag ${mail.contractNumber}`, [
    `Ihre Lastschrift ${mail.dueId} wurde am ${germanDate(mail.returnedOn)} von Ihrer Bank zurückgegeben.`,
    'Wir ziehen den Betrag daher erneut per SEPA-Lastschrift von Ihrem Konto ein:',
    '',
    `Betrag: ${euro(mail.amount)}`,
    `Fälligkeitstag (frühestens): ${germanDate(mail.collectionDate)}`,
    `Mandatsreferenz: ${mail.mandateReference}`,
    `Gläubiger-Identifikationsnummer: ${mail.creditorId}`,
    ...(mail.bankFee > 0
      ? [
          '',
          `Ihre Bank hat uns für die Rücklastschrift ${euro(mail.bankFee)} berechnet. Diese Gebühr ziehen wir nicht ein: Bitte begleichen Sie sie bei Ihrem nächsten Besuch oder per Überweisung.`,
        ]
      : []),
    '',
    'Bitte sorgen Sie für ausreichende Deckung Ihres Kontos.',
  ]);
