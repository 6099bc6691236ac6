import { type Due, type DueContract, duesOf } from '../../sepa/dues.ts';
import { addMonths, type CalendarDate, laterOf } from '../dates.ts';
import type {
  PaymentScheduleForDocument,
  ScheduledDue,
  ScheduledPriceChange,
} from '../document/contract-for-document.ts';

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

/** The last day a price step or an agreed change of the items begins: the schedule looks at least that far. */
const lastChangeOf = (contract: DueContract): CalendarDate | undefined =>
  [
    ...[...contract.items, ...(contract.itemChanges ?? []).flatMap((change) => change.items)].flatMap((item) =>
      (item.priceSteps ?? []).map((step) => step.from),
    ),
    ...(contract.itemChanges ?? []).map((change) => change.from),
  ]
    .sort()
    .at(-1);

/**
 * Each change of an interval's amount, from the due of its first period on: the full dues compared in turn (a
 * period paused or ended inside is charged by days, and says nothing about the price).
 */
const priceChangesOf = (dues: readonly Due[]): ScheduledPriceChange[] =>
  recurringIntervals.flatMap((interval) => {
    const full = dues.filter((due) => due.interval === interval && !due.proRata);
    return full.flatMap((due, index) => {
      const previous = full[index - 1];
      return previous && previous.amount.amount !== due.amount.amount
        ? [{ interval, from: due.dueOn, amount: due.amount }]
        : [];
    });
  });

/**
 * The first due (every due of the first day: a one-off fee and the first month share it), each recurring
 * amount with the day it falls on, each later change of that amount (price steps, agreed price and items
 * changes: from which period what amount), and a last due when the contract ends inside a period (pro rata). A
 * recurring due `fallsBack` when the engine moved one of its days off the start's day number (§ 188 Abs. 3
 * BGB: from the 31st, a month without one ends on its last day, and the next period starts on the 1st).
 */
export const paymentScheduleOf = (contract: DueContract): PaymentScheduleForDocument => {
  const lastChange = lastChangeOf(contract);
  const lookAhead = laterOf(addMonths(contract.startDate, lookAheadMonths), lastChange ?? contract.startDate);
  const to = contract.endsOn !== null && contract.endsOn < lookAhead ? contract.endsOn : lookAhead;
  const dues = duesOf(contract, { to });
  const first = dues[0];
  if (!first) return { firstDues: [], recurring: [], priceChanges: [], lastDue: null };
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
  return { firstDues: firstDues.map(scheduled), recurring, priceChanges: priceChangesOf(dues), lastDue };
};
