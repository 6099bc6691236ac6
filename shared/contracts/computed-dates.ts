import { emptyAccount } from '../accounts/summary-schema.ts';
import { now } from '../clock.ts';
import { type CalendarDate, earliestEndOn, minimumTermEndsOn, todayIn } from './dates.ts';
import type { ComputedDates, StoredContract } from './schema.ts';

/** Today in the time zone of the studio as the contract copied it: every date of a contract is taken there. */
export const todayOf = (contract: Pick<StoredContract, 'studio'>, at: Date = now()): CalendarDate =>
  todayIn(contract.studio.timeZone, at);

/**
 * The last day of the contract, where one is known: the day a withdrawal was received, the termination's
 * end, or the minimum term's end when the contract does not renew. A cancelled offer never ran, so it has none.
 */
export const endsOnOf = (contract: StoredContract): CalendarDate | null => {
  if (contract.status === 'cancelled') return null;
  // A withdrawal undoes the contract from the day it arrives, whatever a termination said (§ 355 Abs. 1 BGB).
  if (contract.status === 'withdrawn' && contract.withdrawal?.receivedOn) return contract.withdrawal.receivedOn;
  if (contract.termination) return contract.termination.endsOn;
  return contract.renewal === 'none' ? minimumTermEndsOn(contract) : null;
};

/**
 * A contract has ended once the day after its last day has begun. Its status stays as it is (no
 * job rewrites it); every change that would need a running contract asks this instead.
 */
export const hasEnded = (contract: StoredContract, today: CalendarDate): boolean => {
  const endsOn = endsOnOf(contract);
  return endsOn !== null && today > endsOn;
};

export const computedDates = (contract: StoredContract, today: CalendarDate): ComputedDates => {
  const open = contract.status === 'pending' || contract.status === 'signed';
  return {
    minimumTermEndsOn: minimumTermEndsOn(contract),
    endsOn: endsOnOf(contract),
    // What a termination received today would reach; a pending offer is answered too.
    earliestEndOn: open ? earliestEndOn(contract, today) : null,
  };
};

/** The contract as every response shows it: the stored record and the dates computed for today. */
export const withComputedDates = <C extends StoredContract>(contract: C, at: Date = now()): C & ComputedDates => ({
  ...contract,
  // A contract stored before accounts existed has no summary: nothing was booked on it.
  account: contract.account ?? emptyAccount,
  ...computedDates(contract, todayOf(contract, at)),
});
