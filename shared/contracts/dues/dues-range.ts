import { Problem } from '../../http/problem.ts';
import { localized } from '../../messages/index.ts';
import { addMonths, type CalendarDate, compareDates, laterOf } from '../dates.ts';
import { contractTexts } from '../texts.ts';
import type { DuesQuery } from './dues-schema.ts';

/** The longest range of dues one request lists: it bounds the answer, which is never paged. */
export const maxDuesMonths = 60;
/** How far ahead an open-ended contract's dues are listed when the request names no `to`. */
export const defaultDuesMonths = 12;

export interface DuesRange {
  from: CalendarDate;
  to: CalendarDate;
}

export const duesRangeProblem = (path: 'from' | 'to', message: ReturnType<typeof contractTexts.localized>) =>
  new Problem('validation-failed', localized('validation.invalidFields', 'query', 1), {
    errors: [{ path, message }],
  });

// Past the year 9999 a date has no YYYY-MM-DD; such a range has no end to compare with.
const monthsAfterOrLast = (date: CalendarDate, months: number): CalendarDate => {
  try {
    return addMonths(date, months);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return '9999-12-31';
  }
};

/**
 * The days whose dues a request lists (docs/sepa.md, "The dues route"): from `from` (the start
 * date without one) to `to`; without a `to`, to the contract's last day, or for an open-ended
 * contract one year after today (or after `from`, when that is later). A `to` may lie at most 5
 * years after `from`, or after today without one, and never before `from`.
 */
export const duesRangeOf = (
  query: DuesQuery,
  contract: { startDate: CalendarDate; endsOn: CalendarDate | null },
  today: CalendarDate,
): DuesRange => {
  const from = query.from ?? contract.startDate;
  if (query.to === undefined) {
    const to = contract.endsOn ?? monthsAfterOrLast(laterOf(today, query.from ?? today), defaultDuesMonths);
    return { from, to };
  }
  if (query.from !== undefined && compareDates(query.to, query.from) < 0) {
    throw duesRangeProblem('to', contractTexts.localized('duesToBeforeFrom', query.from));
  }
  const base = query.from ?? today;
  const latest = monthsAfterOrLast(base, maxDuesMonths);
  if (compareDates(query.to, latest) > 0) {
    throw duesRangeProblem('to', contractTexts.localized('duesRangeTooLong', base, latest));
  }
  return { from, to: query.to };
};
