import { addDays, addMonths, type CalendarDate } from '../calendar/calendar-date.ts';

export type RecurringInterval = 'week' | 'month' | 'quarter' | 'year';

export interface Period {
  start: CalendarDate;
  end: CalendarDate;
}

const monthsOf: Readonly<Record<Exclude<RecurringInterval, 'week'>, number>> = { month: 1, quarter: 3, year: 12 };

/**
 * The last day of the `count`th interval from `anchor`. The anchor day counts (§ 187 Abs. 2 BGB),
 * so it is the day before the one with the anchor's number (§ 188 Abs. 2), or the month's last day
 * where that month lacks the number (§ 188 Abs. 3): from 31 January one month ends on 28 (29)
 * February, two on 30 March. Always counted from the anchor, never from the previous period, so
 * the 31st is not lost after February.
 */
export const intervalsEndOn = (anchor: CalendarDate, interval: RecurringInterval, count: number): CalendarDate => {
  if (interval === 'week') return addDays(anchor, 7 * count - 1);
  const sameNumber = addMonths(anchor, monthsOf[interval] * count);
  return sameNumber.slice(8) === anchor.slice(8) ? addDays(sameNumber, -1) : sameNumber;
};

/**
 * How many periods surely start before `day`, with a margin of one: a request for dues years after
 * the anchor (a `from` of 9995 on a weekly contract of 2027) need not walk every period in between.
 */
const periodsSurelyBefore = (anchor: CalendarDate, interval: RecurringInterval, day: CalendarDate): number => {
  if (day <= anchor) return 0;
  if (interval === 'week') return Math.max(0, Math.floor((daysFromTo(anchor, day) - 1) / 7) - 1);
  const months =
    (Number(day.slice(0, 4)) - Number(anchor.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(anchor.slice(5, 7));
  return Math.max(0, Math.floor(months / monthsOf[interval]) - 1);
};

/**
 * The billing periods from `anchor` whose start is on or before `lastStart`: each begins the day
 * after the previous one ended, so the periods leave no day out and count none twice. With
 * `firstStart`, periods that surely start before it may be left out (some before it may remain).
 */
export const periodsFrom = (
  anchor: CalendarDate,
  interval: RecurringInterval,
  lastStart: CalendarDate,
  firstStart: CalendarDate = anchor,
): Period[] => {
  const skipped = periodsSurelyBefore(anchor, interval, firstStart);
  const periods: Period[] = [];
  let start = skipped === 0 ? anchor : addDays(intervalsEndOn(anchor, interval, skipped), 1);
  for (let count = skipped + 1; start <= lastStart; count += 1) {
    const end = intervalsEndOn(anchor, interval, count);
    periods.push({ start, end });
    start = addDays(end, 1);
  }
  return periods;
};

/** The number of days from `start` to `end`, both counted. */
export const daysFromTo = (start: CalendarDate, end: CalendarDate): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
