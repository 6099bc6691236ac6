/*
 * German formats of plain values (money in cents, calendar dates, instants) for every letter, page and mail: a lower
 * layer, so that mail and documents format as the contract's copy does without reaching into the contracts area.
 */

/** Money as the API carries it: integer cents and an ISO 4217 code. */
interface Money {
  readonly amount: number;
  readonly currency: string;
}
/** `YYYY-MM-DD`. */
type CalendarDate = string;
/** RFC 3339. */
type Timestamp = string;

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** `4900` EUR → `49,00 €` (German grouping and decimal comma, as `Intl` writes it). */
export const formatMoney = ({ amount, currency }: Money): string => {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(amount / 100);
};

/** `2027-01-14` → `14.01.2027`. */
export const formatDate = (date: CalendarDate): string => {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
};

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormat = (timeZone: string) => {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('de-DE', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format;
};

/** An instant as a reader in `timeZone` sees it: `15.01.2026, 14:03:12 MEZ`. */
export const formatLocalTime = (instant: Timestamp, timeZone: string): string =>
  `${dateTimeFormat(timeZone).format(new Date(instant))}`;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * An instant in UTC: `15.01.2026, 13:03:12 UTC`, as `formatLocalTime(instant, 'UTC')` writes it
 * (test/contracts/contract-document.test.ts compares them), from the Date's UTC fields: UTC has no rules
 * to look up, and a second `Intl.DateTimeFormat` costs a cold start a millisecond.
 */
export const formatUtcTime = (instant: Timestamp): string => {
  const date = new Date(instant);
  const day = `${twoDigits(date.getUTCDate())}.${twoDigits(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
  return `${day}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())} UTC`;
};
