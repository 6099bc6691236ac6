import { addMonths, type CalendarDate, todayIn } from '../dates.ts';
import type { Mandate } from './mandate-schema.ts';

/** EPC's rulebook: a mandate on which no debit was presented for 36 months may no longer be used. */
export const mandateLapseMonths = 36;

/**
 * The mandate as of `today` (in the studio's zone): an `active` one whose last collection (or, never
 * collected, whose signing) lies more than 36 months back is `expired`. Computed on every read,
 * never stored: nothing has to run for a mandate to lapse. The 36 months are counted as §§ 187
 * Abs. 1, 188 Abs. 2 BGB count them: the day of the collection does not count, so they end on the
 * day with its number 36 months later, and the mandate is expired from the day after.
 */
export const mandateAsOf = (mandate: Mandate, timeZone: string, today: CalendarDate): Mandate => {
  if (mandate.status !== 'active') return mandate;
  const lastUsedOn =
    mandate.lastCollectedOn ?? (mandate.signedAt ? todayIn(timeZone, new Date(mandate.signedAt)) : null);
  if (lastUsedOn === null || today <= addMonths(lastUsedOn, mandateLapseMonths)) return mandate;
  return { ...mandate, status: 'expired' };
};
