import { type CalendarDate, compareDates } from '../calendar/calendar-date.ts';
import { daysFromTo, type Period, periodsFrom, type RecurringInterval } from './periods.ts';

export type BillingInterval = 'once' | RecurringInterval;

interface Money {
  amount: number;
  currency: string;
}

/** A unit price from the period that starts on `from` on (agreed at signing, or by a price change). */
export interface DuePriceStep {
  from: CalendarDate;
  unitPrice: Money;
}

/** What the dues need of a contract item (`ContractItem` of the contracts' schema fits). */
export interface DueItem {
  serviceId: string;
  name: string;
  billingInterval: BillingInterval;
  /** Integer minor units (cents), for the item's quantity: the price before any step. */
  total: Money;
  quantity?: number;
  /** Ascending; a period charges the unit price of the last step on or before its first day, times the quantity. */
  priceSteps?: readonly DuePriceStep[] | null;
}

/** Days not charged (from and lastDay both counted), with a fee per month for them (the „Ruhezeitgebühr“). */
export interface DuePause {
  /** What the fee's line names: the pause's agreement. */
  amendmentId: string;
  from: CalendarDate;
  lastDay: CalendarDate;
  monthlyFee: Money;
}

/** The recurring items in force from a period's first day on (an agreed change of the items). */
export interface DueItemChange {
  from: CalendarDate;
  items: readonly DueItem[];
}

/** What the dues need of a contract: its number, items, start and, where known, its last day. */
export interface DueContract {
  number: string;
  items: readonly DueItem[];
  startDate: CalendarDate;
  /** The last day (renewal none, termination): no period after it, the one it falls in pro rata. */
  endsOn: CalendarDate | null;
  /** Agreed changes of the recurring items, each from the first day of a period on. */
  itemChanges?: readonly DueItemChange[];
  /** Agreed pauses: their days are charged by the fee instead of the price. */
  pauses?: readonly DuePause[];
}

/** The fee line's name on a due. */
export const pauseFeeLineName = 'Ruhezeitgebühr';

export interface DueLine {
  serviceId: string;
  name: string;
  amount: Money;
}

export interface Due {
  /** `<contract number>-<YYYYMMDD>`: the `EndToEndId` of its debit (≤ 35 characters, SEPA-safe). */
  id: string;
  interval: BillingInterval;
  dueOn: CalendarDate;
  periodStart: CalendarDate;
  periodEnd: CalendarDate;
  amount: Money;
  lines: DueLine[];
  /** True when the contract ends or pauses inside the period and the amounts are its share of days. */
  proRata: boolean;
}

export interface DueRange {
  /** Dues due before it are left out. */
  from?: CalendarDate;
  /** The last due day listed; required for an open-ended contract, whose dues never end. */
  to?: CalendarDate;
}

const intervalLetters: Readonly<Record<BillingInterval, string>> = {
  once: 'E',
  week: 'W',
  month: 'M',
  quarter: 'Q',
  year: 'J',
};

/** `amount × days ÷ periodDays` in whole cents, halves rounded up (the amounts are never negative). */
export const proRataAmount = (amount: number, days: number, periodDays: number): number =>
  Math.floor((2 * amount * days + periodDays) / (2 * periodDays));

const sumOf = (lines: readonly DueLine[]): Money => {
  const currency = lines[0]?.amount.currency ?? 'EUR';
  if (lines.some((line) => line.amount.currency !== currency)) throw new RangeError('A due cannot mix currencies');
  return { amount: lines.reduce((sum, line) => sum + line.amount.amount, 0), currency };
};

const lineOf = (item: DueItem, amount: number): DueLine => ({
  serviceId: item.serviceId,
  name: item.name,
  amount: { amount, currency: item.total.currency },
});

/** The item's price for a whole period starting on `start`: its last price step by then, times the quantity. */
export const itemTotalOn = (item: DueItem, start: CalendarDate): number => {
  const step = (item.priceSteps ?? []).findLast((candidate) => compareDates(candidate.from, start) <= 0);
  return step ? step.unitPrice.amount * (item.quantity ?? 1) : item.total.amount;
};

/** The recurring items in force on a period's first day: the contract's, or those of the last change by then. */
const itemsOn = (contract: DueContract, start: CalendarDate): readonly DueItem[] =>
  (contract.itemChanges ?? []).findLast((change) => compareDates(change.from, start) <= 0)?.items ?? contract.items;

/** The days of `[start, end]` that a pause covers, both ends counted. */
export const pausedDaysIn = (pause: Pick<DuePause, 'from' | 'lastDay'>, start: CalendarDate, end: CalendarDate) => {
  const from = compareDates(pause.from, start) > 0 ? pause.from : start;
  const to = compareDates(pause.lastDay, end) < 0 ? pause.lastDay : end;
  return compareDates(from, to) <= 0 ? daysFromTo(from, to) : 0;
};

const intervalsOf = (contract: DueContract): Set<BillingInterval> =>
  new Set(
    [contract.items, ...(contract.itemChanges ?? []).map((change) => change.items)].flatMap((items) =>
      items.map((item) => item.billingInterval),
    ),
  );

const recurringDues = (
  contract: DueContract,
  interval: RecurringInterval,
  firstDueOn: CalendarDate | undefined,
  lastDueOn: CalendarDate,
) => {
  if (!intervalsOf(contract).has(interval)) return [];
  const { endsOn } = contract;
  const lastStart = endsOn !== null && compareDates(endsOn, lastDueOn) < 0 ? endsOn : lastDueOn;
  return periodsFrom(contract.startDate, interval, lastStart, firstDueOn).flatMap((period: Period) => {
    const items = itemsOn(contract, period.start).filter((item) => item.billingInterval === interval);
    if (items.length === 0) return [];
    const ends = endsOn !== null && compareDates(endsOn, period.end) < 0;
    const lastCharged = ends ? endsOn : period.end;
    const periodDays = daysFromTo(period.start, period.end);
    const paused = (contract.pauses ?? []).reduce(
      (sum, pause) => sum + pausedDaysIn(pause, period.start, lastCharged),
      0,
    );
    const days = daysFromTo(period.start, lastCharged) - paused;
    const lines = items.map((item) => lineOf(item, proRataAmount(itemTotalOn(item, period.start), days, periodDays)));
    const proRata = ends || paused > 0;
    return [{ interval, dueOn: period.start, periodStart: period.start, periodEnd: period.end, lines, proRata }];
  });
};

interface Draft {
  interval: BillingInterval;
  dueOn: CalendarDate;
  periodStart: CalendarDate;
  periodEnd: CalendarDate;
  lines: DueLine[];
  proRata: boolean;
}

const shortestFirst: readonly RecurringInterval[] = ['week', 'month', 'quarter', 'year'];

/**
 * The „Ruhezeitgebühr“: per month of the contract (anchored at its start, as the monthly dues are) the
 * monthly fee times the paused days of that month over its days, rounded half up; a line on the due of the
 * shortest interval whose period holds the month's first day (for a monthly contract: that month's due).
 */
const addPauseFees = (contract: DueContract, drafts: Draft[]) => {
  const interval = shortestFirst.find((candidate) => drafts.some((draft) => draft.interval === candidate));
  if (!interval) return;
  const holders = drafts.filter((draft) => draft.interval === interval);
  for (const pause of contract.pauses ?? []) {
    if (pause.monthlyFee.amount === 0) continue;
    const lastDay =
      contract.endsOn !== null && compareDates(contract.endsOn, pause.lastDay) < 0 ? contract.endsOn : pause.lastDay;
    for (const month of periodsFrom(contract.startDate, 'month', lastDay, pause.from)) {
      const paused = pausedDaysIn({ from: pause.from, lastDay }, month.start, month.end);
      if (paused === 0) continue;
      const holder = holders.find(
        (draft) => compareDates(draft.periodStart, month.start) <= 0 && compareDates(month.start, draft.periodEnd) <= 0,
      );
      if (!holder) continue;
      const amount = proRataAmount(pause.monthlyFee.amount, paused, daysFromTo(month.start, month.end));
      holder.lines.push({
        serviceId: pause.amendmentId,
        name: pauseFeeLineName,
        amount: { ...pause.monthlyFee, amount },
      });
      holder.proRata = true;
    }
  }
};

/**
 * The contract's dues (docs/sepa.md), oldest first: each recurring item charged per its billing
 * interval in advance, on the first day of each period anchored at `startDate`; items of one
 * interval share a due per period; `once` items are due on the start date. The period in which
 * the contract ends is charged by its share of days (per line, so that the lines add up to the
 * due), and no period starts after the end.
 *
 * Ids are `<contract number>-<YYYYMMDD>`. Where dues of several intervals fall on one day (the
 * start date always, when a contract mixes intervals), each of them gets its interval's letter
 * (`-E` once, `-W`, `-M`, `-Q`, `-J`) so that every due keeps one id for good: which intervals
 * fall on a day follows from the items and the start date, which never change.
 */
export const duesOf = (contract: DueContract, range: DueRange = {}): Due[] => {
  const lastDueOn = range.to ?? contract.endsOn;
  if (lastDueOn === null) throw new RangeError('An open-ended contract needs a `to` for its dues');
  if (contract.endsOn !== null && compareDates(contract.endsOn, contract.startDate) < 0) return [];
  const onceItems = contract.items.filter((item) => item.billingInterval === 'once');
  const drafts: Draft[] = [
    ...(onceItems.length > 0 && compareDates(contract.startDate, lastDueOn) <= 0
      ? [
          {
            interval: 'once' as const,
            dueOn: contract.startDate,
            periodStart: contract.startDate,
            periodEnd: contract.startDate,
            lines: onceItems.map((item) => lineOf(item, item.total.amount)),
            proRata: false,
          },
        ]
      : []),
    ...(['week', 'month', 'quarter', 'year'] as const).flatMap((interval) =>
      recurringDues(contract, interval, range.from, lastDueOn),
    ),
  ];
  addPauseFees(contract, drafts);
  const intervalsPerDay = new Map<CalendarDate, number>();
  for (const draft of drafts) intervalsPerDay.set(draft.dueOn, (intervalsPerDay.get(draft.dueOn) ?? 0) + 1);
  return drafts
    .filter((draft) => range.from === undefined || compareDates(draft.dueOn, range.from) >= 0)
    .map((draft) => {
      const day = `${contract.number}-${draft.dueOn.replaceAll('-', '')}`;
      const id = (intervalsPerDay.get(draft.dueOn) ?? 0) > 1 ? `${day}-${intervalLetters[draft.interval]}` : day;
      return { id, ...draft, amount: sumOf(draft.lines) };
    })
    .sort((a, b) => compareDates(a.dueOn, b.dueOn) || a.id.localeCompare(b.id));
};
