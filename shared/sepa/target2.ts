import { addDays, type CalendarDate, compareDates, laterOf } from '../calendar/calendar-date.ts';

/**
 * TARGET2's calendar, on which SEPA direct debits settle: every weekday is a business day except
 * 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December (ECB). Local holidays, even
 * German ones, do not count.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm of Meeus/Jones/Butcher). */
export const easterSunday = (year: number): CalendarDate => {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
};

/** The TARGET2 closing days of a year that can fall on a weekday. */
export const target2Holidays = (year: number): CalendarDate[] => {
  const easter = easterSunday(year);
  const y = String(year).padStart(4, '0');
  return [`${y}-01-01`, addDays(easter, -2), addDays(easter, 1), `${y}-05-01`, `${y}-12-25`, `${y}-12-26`];
};

const weekday = (date: CalendarDate): number => new Date(`${date}T00:00:00Z`).getUTCDay();

export const isTarget2BusinessDay = (date: CalendarDate): boolean => {
  const day = weekday(date);
  if (day === 0 || day === 6) return false;
  return !target2Holidays(Number(date.slice(0, 4))).includes(date);
};

/** The first TARGET2 business day on or after `date`. */
export const businessDayOnOrAfter = (date: CalendarDate): CalendarDate => {
  let candidate = date;
  while (!isTarget2BusinessDay(candidate)) candidate = addDays(candidate, 1);
  return candidate;
};

/** The first TARGET2 business day after `date`. */
export const nextBusinessDay = (date: CalendarDate): CalendarDate => businessDayOnOrAfter(addDays(date, 1));

/**
 * The first day a due pre-notified on `preNotifiedOn` may be collected: the customer must know
 * amount and date `preNotificationDays` calendar days ahead (the SEPA rulebook's 14 days, which
 * the mandate may shorten).
 */
export const preNotifiedCollectableFrom = (preNotifiedOn: CalendarDate, preNotificationDays: number): CalendarDate =>
  addDays(preNotifiedOn, preNotificationDays);

export type CollectionDateProblem = 'not-a-business-day' | 'too-early';

/**
 * Why `collectionDate` cannot be asked of the bank on `today`, or null: it must be a TARGET2
 * business day and at least one business day after today (docs/sepa.md). Whether a given due may
 * go into it is `preNotifiedCollectableFrom`'s question: a due not yet collectable waits.
 */
export const collectionDateProblem = (
  collectionDate: CalendarDate,
  today: CalendarDate,
): CollectionDateProblem | null => {
  if (!isTarget2BusinessDay(collectionDate)) return 'not-a-business-day';
  if (compareDates(collectionDate, nextBusinessDay(today)) < 0) return 'too-early';
  return null;
};

/** True when a due pre-notified on `preNotifiedOn` may go into a collection on `collectionDate`. */
export const mayCollectOn = (
  collectionDate: CalendarDate,
  preNotifiedOn: CalendarDate,
  preNotificationDays: number,
): boolean => compareDates(collectionDate, preNotifiedCollectableFrom(preNotifiedOn, preNotificationDays)) >= 0;

/**
 * The earliest collection date, asked on `today`, that can include every due pre-notified on one
 * of `preNotifiedOn`: a business day, not before the business day after today, and not before
 * any of the dues' pre-notifications has run its days.
 */
export const earliestCollectionDate = (
  today: CalendarDate,
  preNotifiedOn: readonly CalendarDate[],
  preNotificationDays: number,
): CalendarDate => {
  let earliest = nextBusinessDay(today);
  for (const date of preNotifiedOn) earliest = laterOf(earliest, preNotifiedCollectableFrom(date, preNotificationDays));
  return businessDayOnOrAfter(earliest);
};
