import { addDays, type CalendarDate, todayIn } from '../dates.ts';

/** § 355 Abs. 2 Satz 1 BGB: the period of withdrawal is fourteen days. */
export const withdrawalPeriodDays = 14;

/**
 * The last day of the period of withdrawal of a contract concluded at `concludedAt` (the instant of the
 * signature that concluded it). The period begins with the conclusion (§ 356 Abs. 2 Nr. 2 BGB for services);
 * the day of conclusion is not counted (§ 187 Abs. 1 BGB), so the period starts the next day and its
 * fourteenth day is the signing day + 14 (§ 188 Abs. 1 BGB). Days are the studio's calendar days: the
 * signing day is taken in its zone, so a signature at 00:30 in Berlin counts from that Berlin day even
 * while it is still the day before in UTC, and a change to or from summer time never shifts it.
 */
export const withdrawalPeriodEndsOn = (concludedAt: Date, timeZone: string): CalendarDate =>
  addDays(todayIn(timeZone, concludedAt), withdrawalPeriodDays);
