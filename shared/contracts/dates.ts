import {
  addDays,
  addMonths,
  type CalendarDate,
  compareDates,
  daysFromTo,
  daysInMonth,
  isCalendarDate,
  laterOf,
  parseCalendarDate,
  wholeNumber,
} from '../calendar/calendar-date.ts';

// The calendar's arithmetic, for the contract code that counts with it beside the terms below.
export { addDays, addMonths, type CalendarDate, compareDates, daysInMonth, isCalendarDate, laterOf };

/*
 * Contract dates as §§ 187, 188 BGB count them, on calendar dates (`YYYY-MM-DD`, shared/calendar/calendar-date.ts).
 */

export const noticeUnits = ['day', 'week', 'month'] as const;
export type NoticeUnit = (typeof noticeUnits)[number];
export interface NoticePeriod {
  value: number;
  unit: NoticeUnit;
}
export type Renewal = 'indefinite' | 'none';
export interface Term {
  startDate: CalendarDate;
  minimumTermMonths: number;
  renewal: Renewal;
  noticePeriod: NoticePeriod;
  /** Agreed pauses (docs/amendments.md): those that extend the term move its end by their days. */
  pauses?: readonly { from: CalendarDate; lastDay: CalendarDate; extendsTerm: boolean }[] | null;
}

/**
 * Max notice per unit so that it never exceeds one month for any calendar date
 * (§ 309 Nr. 9 Buchst. c BGB): day 28, week 4, month 1. February is the shortest month.
 */
export const maxNoticeValue: Record<NoticeUnit, number> = { day: 28, week: 4, month: 1 };

/**
 * The last day of the minimum term, or null without one. The start day counts (§ 187 Abs. 2),
 * so the term ends on the day before the one with the start's number (§ 188 Abs. 2), or on the
 * month's last day where that month lacks the start's number (§ 188 Abs. 3).
 */
export const minimumTermEndsOn = (term: Term): CalendarDate | null => {
  if (wholeNumber(term.minimumTermMonths, 'minimumTermMonths') === 0) return null;
  const start = parseCalendarDate(term.startDate);
  const sameNumber = addMonths(term.startDate, term.minimumTermMonths);
  const agreedEnd = parseCalendarDate(sameNumber).day === start.day ? addDays(sameNumber, -1) : sameNumber;
  // A pause agreed to extend the term adds its days, both ends counted (only the days it actually paused).
  const extension = (term.pauses ?? [])
    .filter((pause) => pause.extendsTerm)
    .reduce((days, pause) => days + daysFromTo(pause.from, pause.lastDay), 0);
  return extension === 0 ? agreedEnd : addDays(agreedEnd, extension);
};

/** The day a notice received on `receivedOn` runs out; the day of receipt is not counted (§ 187 Abs. 1). */
export const noticeReachedOn = (receivedOn: CalendarDate, notice: NoticePeriod): CalendarDate => {
  const value = wholeNumber(notice.value, 'Notice');
  if (notice.unit === 'month') return addMonths(receivedOn, value);
  return addDays(receivedOn, notice.unit === 'week' ? value * 7 : value);
};

/**
 * The earliest end of the contract for a termination received on `receivedOn`. After the minimum
 * term the contract runs on indefinitely and ends any time with the notice (§ 309 Nr. 9 Buchst. b
 * BGB); with `renewal: "none"` it ends by itself when the minimum term ends.
 */
export const earliestEndOn = (term: Term, receivedOn: CalendarDate): CalendarDate => {
  const termEnd = minimumTermEndsOn(term);
  if (term.renewal === 'none') {
    if (termEnd === null) throw new RangeError('renewal "none" needs a minimum term of at least 1 month');
    return termEnd;
  }
  const noticeEnd = laterOf(noticeReachedOn(receivedOn, term.noticePeriod), term.startDate);
  return termEnd === null ? noticeEnd : laterOf(termEnd, noticeEnd);
};

/**
 * Minutes east of UTC in an IANA time zone at the instant `at`, read from V8's
 * own local time with `TZ` switched for the moment. The first
 * `Intl.DateTimeFormat` with a time zone costs some 10 ms (ICU's date formats)
 * on a cold start, and every contract response computes today in the studio's
 * zone; this costs about 1 ms. Synchronous, so no other request sees the
 * switched zone, and `TZ` is set back at once. The zone names are those Intl
 * accepts (`isTimeZone` checks them when the profile is stored): V8 reads both
 * from ICU's time zone data.
 */
const utcOffsetMinutes = (timeZone: string, at: Date): number => {
  const previous = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    return -at.getTimezoneOffset();
  } finally {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  }
};

// Switching TZ costs some 30 µs (V8 drops its zone cache), and one request reads today several times, each
// with its own instant (`now()`), as does a list of 25 contracts. The offset is kept for the minute it was read
// in: a zone's offset changes only on a whole minute (every transition in the tz database since 1972 does).
let lastOffset = { timeZone: '', minute: Number.NaN, minutes: 0 };

const offsetMinutesAt = (timeZone: string, at: Date): number => {
  const minute = Math.floor(at.getTime() / 60_000);
  if (lastOffset.timeZone !== timeZone || lastOffset.minute !== minute) {
    lastOffset = { timeZone, minute, minutes: utcOffsetMinutes(timeZone, at) };
  }
  return lastOffset.minutes;
};

/** The calendar date in an IANA time zone at the instant `now`. */
export const todayIn = (timeZone: string, now: Date = new Date()): CalendarDate =>
  new Date(now.getTime() + offsetMinutesAt(timeZone, now) * 60_000).toISOString().slice(0, 10);

/**
 * True for an IANA zone name that Intl knows, aliases included (`Etc/UTC`). Offsets (`+01:00`) are
 * no zone, and a name in the wrong case (`europe/berlin`) is refused although Intl would read it.
 */
export const isTimeZone = (name: string): boolean => {
  if (!/^[A-Za-z]/.test(name)) return false;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved === name || resolved.toLowerCase() !== name.toLowerCase();
  } catch {
    return false;
  }
};
