/**
 * Calendar dates (`YYYY-MM-DD`) in UTC arithmetic: a calendar date has no time of day, so no zone can shift it
 * once it is taken. Below the areas: contract terms (shared/contracts/dates.ts) and SEPA schedules count with it.
 */

export type CalendarDate = string;

interface DateParts {
  year: number;
  month: number;
  day: number;
}

const dayMs = 86_400_000;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** The number of days of a month (1–12) of the Gregorian calendar. */
export const daysInMonth = (year: number, month: number): number =>
  month === 2 && isLeapYear(year) ? 29 : (monthLengths[month - 1] ?? Number.NaN);

const partsOf = (text: string): DateParts | null => {
  const match = datePattern.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
};

/** True for a real calendar date written `YYYY-MM-DD` (2026-02-30 is not one). */
export const isCalendarDate = (text: string): boolean => partsOf(text) !== null;

/** The parts of a calendar date; a RangeError for anything else. */
export const parseCalendarDate = (date: CalendarDate): DateParts => {
  const parts = partsOf(date);
  if (!parts) throw new RangeError(`Not a calendar date: ${date}`);
  return parts;
};

const format = ({ year, month, day }: DateParts): CalendarDate => {
  if (year < 0 || year > 9999) throw new RangeError(`Year ${year} cannot be written as YYYY`);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** `value` when it is a safe whole number; a RangeError naming `what` otherwise. */
export const wholeNumber = (value: number, what: string): number => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number: ${value}`);
  return value;
};

// setUTCFullYear, unlike Date.UTC, does not read the years 0–99 as 1900–1999.
const epochDay = ({ year, month, day }: DateParts): number => new Date(0).setUTCFullYear(year, month - 1, day) / dayMs;

const fromEpochDay = (days: number): DateParts => {
  const date = new Date(days * dayMs);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** Negative when `a` is before `b`, 0 when equal, positive when after. */
export const compareDates = (a: CalendarDate, b: CalendarDate): number => (a < b ? -1 : a > b ? 1 : 0);

export const laterOf = (a: CalendarDate, b: CalendarDate): CalendarDate => (compareDates(a, b) >= 0 ? a : b);

export const addDays = (date: CalendarDate, days: number): CalendarDate =>
  format(fromEpochDay(epochDay(parseCalendarDate(date)) + wholeNumber(days, 'Days')));

/** The same day number `months` later; where that month lacks the day, its last day (§ 188 Abs. 3 BGB). */
export const addMonths = (date: CalendarDate, months: number): CalendarDate => {
  const { year, month, day } = parseCalendarDate(date);
  const monthIndex = year * 12 + (month - 1) + wholeNumber(months, 'Months');
  const target = { year: Math.floor(monthIndex / 12), month: (monthIndex % 12) + 1 };
  return format({ ...target, day: Math.min(day, daysInMonth(target.year, target.month)) });
};
