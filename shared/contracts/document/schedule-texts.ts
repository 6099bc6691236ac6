import type { GermanTexts } from '../../messages/index.ts';

/*
 * The contracts area's words for the payment schedule of the PDF copy (docs/sepa.md, "The schedule as
 * pre-notification"), in a catalogue file of their own beside texts.ts: only the document functions carry
 * them, not every contracts function. The German entries have exactly the English keys and parameters.
 */

type DueInterval = 'once' | 'week' | 'month' | 'quarter' | 'year';
type RecurringDueInterval = Exclude<DueInterval, 'once'>;

// The words of the payment schedule (docs/sepa.md, "The schedule as pre-notification"), per language.
const intervalWords = {
  en: { once: 'once', week: 'weekly', month: 'monthly', quarter: 'quarterly', year: 'yearly' },
  de: { once: 'einmalig', week: 'wöchentlich', month: 'monatlich', quarter: 'vierteljährlich', year: 'jährlich' },
} as const;
// Indexed as Date#getUTCDay counts: 0 is Sunday.
const weekdays = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  de: ['sonntags', 'montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags'],
} as const;
const monthNames = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
} as const;
const listed = (words: readonly (string | undefined)[], and: string): string =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${and} ${words.at(-1)}`;

export const en = {
  scheduleTitle: 'Payment schedule – pre-notification',
  preNotification: (creditor: string, creditorId: string, reference: string) =>
    `This schedule is the pre-notification of the direct debits: ${creditor} (creditor identifier ${creditorId}) collects the amounts below under the mandate reference ${reference} from the account named in the mandate, each on its due date or later.`,
  scheduleFirstDue: 'First direct debit',
  scheduleThen: 'Then',
  scheduleLastDue: 'Last direct debit',
  scheduledDue: (date: string, amount: string, interval: DueInterval) =>
    `${date}: ${amount} (${intervalWords.en[interval]})`,
  proRataDue: (date: string, amount: string, endsOn: string) =>
    `${date}: ${amount} (pro rata up to the end on ${endsOn})`,
  recurringDue: (interval: RecurringDueInterval, amount: string, days: string) =>
    `${intervalWords.en[interval]} ${amount} ${days}`,
  schedulePriceChanges: 'Price changes',
  priceChange: (from: string, interval: RecurringDueInterval, amount: string) =>
    `from the period due on ${from}: ${intervalWords.en[interval]} ${amount}`,
  weeklyDueDays: (weekday: number) => `every ${weekdays.en[weekday]}`,
  monthlyDueDays: (day: number, months: readonly number[], fallsBack: boolean) =>
    `on day ${day}${
      months.length > 0
        ? ` of ${listed(
            months.map((month) => monthNames.en[month - 1]),
            'and',
          )}`
        : ' of each month'
    }${fallsBack ? `, in a month without day ${day} on the 1st of the next month` : ''}`,
} as const;

export const de = {
  scheduleTitle: 'Zahlungsplan – Vorabankündigung',
  preNotification: (creditor, creditorId, reference) =>
    `Dieser Zahlungsplan ist die Vorabankündigung (Pre-Notification) der Lastschriften: ${creditor} (Gläubiger-Identifikationsnummer ${creditorId}) zieht die folgenden Beträge mit der Mandatsreferenz ${reference} von dem im Mandat genannten Konto ein, jeweils am Fälligkeitstag oder danach.`,
  scheduleFirstDue: 'Erste Lastschrift',
  scheduleThen: 'Danach',
  scheduleLastDue: 'Letzte Lastschrift',
  scheduledDue: (date, amount, interval) => `${date}: ${amount} (${intervalWords.de[interval]})`,
  proRataDue: (date, amount, endsOn) => `${date}: ${amount} (anteilig bis zum Vertragsende am ${endsOn})`,
  recurringDue: (interval, amount, days) => `${intervalWords.de[interval]} ${amount} ${days}`,
  schedulePriceChanges: 'Preisänderungen',
  priceChange: (from, interval, amount) =>
    `ab dem Zeitraum, der am ${from} fällig ist: ${intervalWords.de[interval]} ${amount}`,
  weeklyDueDays: (weekday) => `jeweils ${weekdays.de[weekday]}`,
  monthlyDueDays: (day, months, fallsBack) =>
    `jeweils am ${day}.${
      months.length > 0
        ? ` ${listed(
            months.map((month) => monthNames.de[month - 1]),
            'und',
          )}`
        : ''
    }${fallsBack ? `, in Monaten ohne den ${day}. am 1. des Folgemonats` : ''}`,
} as const satisfies GermanTexts<typeof en>;
