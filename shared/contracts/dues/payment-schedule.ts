import { type Due, type DueContract, duesOf } from '../../sepa/dues.ts';
import { addMonths } from '../dates.ts';
import type { PaymentScheduleForDocument, ScheduledDue } from '../document/contract-for-document.ts';

/*
 * The payment schedule the PDF copy announces as the pre-notification (docs/sepa.md, "The schedule as
 * pre-notification"), taken from the dues engine itself, so the copy never promises a day the collections
 * would not use.
 */

// Two years show every day a due can fall back to: a month without the 31st, a year without 29 February.
const lookAheadMonths = 24;

const scheduled = (due: Due): ScheduledDue => ({
  dueOn: due.dueOn,
  amount: due.amount,
  interval: due.interval,
  proRata: due.proRata,
});

const recurringIntervals = ['week', 'month', 'quarter', 'year'] as const;

/**
 * The first due (every due of the first day: a one-off fee and the first month share it), each recurring
 * amount with the day it falls on, and a last due when the contract ends inside a period (pro rata). A
 * recurring due `fallsBack` when the engine moved one of its days off the start's day number (§ 188 Abs. 3
 * BGB: from the 31st, a month without one ends on its last day, and the next period starts on the 1st).
 */
export const paymentScheduleOf = (contract: DueContract): PaymentScheduleForDocument => {
  const lookAhead = addMonths(contract.startDate, lookAheadMonths);
  const to = contract.endsOn !== null && contract.endsOn < lookAhead ? contract.endsOn : lookAhead;
  const dues = duesOf(contract, { to });
  const first = dues[0];
  if (!first) return { firstDues: [], recurring: [], lastDue: null };
  const firstDues = dues.filter((due) => due.dueOn === first.dueOn);
  const startDay = contract.startDate.slice(8);
  const recurring = recurringIntervals.flatMap((interval) => {
    const ofInterval = dues.filter((due) => due.interval === interval);
    const full = ofInterval.find((due) => !due.proRata);
    if (!full) return [];
    const fallsBack = interval !== 'week' && ofInterval.some((due) => due.dueOn.slice(8) !== startDay);
    return [{ interval, amount: full.amount, firstDueOn: contract.startDate, fallsBack }];
  });
  const last = dues.at(-1);
  const lastDue = last?.proRata && !firstDues.includes(last) ? scheduled(last) : null;
  return { firstDues: firstDues.map(scheduled), recurring, lastDue };
};
