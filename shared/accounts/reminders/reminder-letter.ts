import type { ContractForDocument } from '../../contracts/document/contract-for-document.ts';
import { formatDate, formatMoney } from '../../contracts/document/german-format.ts';
import type { ContractDocumentOptions } from '../../contracts/document/render-contract-document.ts';
import { renderStudioLetter } from '../../contracts/document/studio-letter.ts';
import { styles } from '../../pdf/page-layout.ts';
import type { Reminder, ReminderItem } from './schema.ts';

/*
 * The reminder letter (docs/accounts.md, "Reminders"): German whatever the studio's language, as every letter to
 * the member; made from the kept reminder alone, so the same reminder always renders the same content; sealed
 * like the other letters, so the member and a court can check it unaltered.
 */

/** `Zahlungserinnerung` for the first of a round, `Mahnung` after it. */
export const reminderTitle = (reminder: Pick<Reminder, 'level'>) =>
  reminder.level === 1 ? 'Zahlungserinnerung' : 'Mahnung';

/** `DE89 3704 0044 0532 0130 00`: as a bank statement prints it. */
export const printedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

const itemLine = (item: ReminderItem) => {
  const returned =
    item.returnedOn !== null
      ? ` (Rücklastschrift vom ${formatDate(item.returnedOn)}${item.returnReason ? `, Grund ${item.returnReason}` : ''})`
      : '';
  const fee = item.bankFee.amount > 0 ? `; Bankgebühr ${formatMoney(item.bankFee)}` : '';
  return `• ${item.text}${returned}: ${formatMoney(item.amount)}${fee}`;
};

/** What the letter says between the salutation and the closing. */
export const reminderParagraphs = (contract: Pick<ContractForDocument, 'number'>, reminder: Reminder): string[] => [
  reminder.level === 1
    ? `sicher ist es Ihrer Aufmerksamkeit entgangen: zu Ihrem Vertrag Nr. ${contract.number} sind folgende Beträge noch offen.`
    : `trotz unserer Zahlungserinnerung sind zu Ihrem Vertrag Nr. ${contract.number} folgende Beträge weiterhin offen.`,
  ...reminder.items.map(itemLine),
  ...(reminder.fee.amount > 0
    ? [`Für diese Mahnung berechnen wir eine Mahngebühr von ${formatMoney(reminder.fee)}.`]
    : []),
  `Offener Gesamtbetrag: ${formatMoney(reminder.total)}`,
  `Bitte überweisen Sie den Gesamtbetrag bis zum ${formatDate(reminder.deadline)} auf unser Konto IBAN ${printedIban(reminder.iban)}, Verwendungszweck: ${contract.number}.`,
  ...(reminder.level === 2
    ? [
        'Geht bis dahin keine Zahlung bei uns ein, behalten wir uns vor, die Forderung einem Inkassounternehmen zu übergeben; die Kosten dafür können Ihnen entstehen.',
      ]
    : []),
  'Haben Sie inzwischen gezahlt, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
];

/** The letter as a sealed PDF. */
export const renderReminderLetter = (
  contract: ContractForDocument,
  reminder: Reminder,
  options: ContractDocumentOptions,
): Promise<Uint8Array> => {
  const title = reminderTitle(reminder);
  return renderStudioLetter(
    contract,
    {
      date: formatDate(reminder.sentOn),
      subject: `${title} zu Ihrem Vertrag Nr. ${contract.number}`,
      paragraphs: reminderParagraphs(contract, reminder),
      paragraphStyle: (paragraph) => ({
        space: paragraph.startsWith('•') ? 2 : 8,
        style: paragraph.startsWith('Offener Gesamtbetrag') ? styles.bodyBold : styles.body,
      }),
      identity: {
        title: `${title} Nr. ${reminder.number} Vertrag Nr. ${contract.number}`,
        subject: `${title} zum Vertrag Nr. ${contract.number}: ${formatMoney(reminder.total)} bis ${formatDate(reminder.deadline)}`,
        modifiedAt: `${reminder.sentOn}T00:00:00.000Z`,
        idParts: ['reminder', String(reminder.number)],
        reason: `${title} zum Vertrag Nr. ${contract.number}`,
        signedMandate: null,
      },
    },
    options,
  );
};
