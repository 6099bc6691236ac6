import { addDays, addMonths, type CalendarDate } from '../contracts/dates.ts';

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
 * The billing periods from `anchor` whose start is on or before `lastStart`: each begins the day
 * after the previous one ended, so the periods leave no day out and count none twice.
 */
export const periodsFrom = (anchor: CalendarDate, interval: RecurringInterval, lastStart: CalendarDate): Period[] => {
  const periods: Period[] = [];
  for (let start = anchor, count = 1; start <= lastStart; count += 1) {
    const end = intervalsEndOn(anchor, interval, count);
    periods.push({ start, end });
    start = addDays(end, 1);
  }
  return periods;
};

/** The number of days from `start` to `end`, both counted. */
export const daysFromTo = (start: CalendarDate, end: CalendarDate): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
