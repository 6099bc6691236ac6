import type { CalendarDate } from '../contracts/dates.ts';

/*
 * The entries' texts, as the member's statements and the reminder letters (German, as every letter to the member)
 * will print them. Stored with the entry and never changed, like a bank's booking text: data, not an answer's
 * message, so they stay out of the message catalogues.
 */
const germanDate = (date: CalendarDate) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
const methods = { cash: 'bar', card: 'mit Karte', transfer: 'per Überweisung' } as const;

export const bookingTexts = {
  debit: (collectionDate: CalendarDate) => `Lastschrift vom ${germanDate(collectionDate)}`,
  return: (code: string) => `Rücklastschrift (Grund ${code})`,
  bankFee: (dueId: string) => `Bankgebühr der Rücklastschrift ${dueId}`,
  payment: (method: keyof typeof methods, reference: string | null) =>
    `Zahlung ${methods[method]}${reference ? `: ${reference}` : ''}`,
  credit: (reason: string) => `Gutschrift: ${reason}`,
  writeOff: (reason: string) => `Ausbuchung: ${reason}`,
};
