import { type CalendarDate, compareDates } from '../calendar/calendar-date.ts';
import { daysFromTo, type Period, periodsFrom, type RecurringInterval } from './periods.ts';

export type BillingInterval = 'once' | RecurringInterval;

interface Money {
  amount: number;
  currency: string;
}

/** What the dues need of a contract item (`ContractItem` of the contracts' schema fits). */
export interface DueItem {
  serviceId: string;
  name: string;
  billingInterval: BillingInterval;
  /** Integer minor units (cents), for the item's quantity. */
  total: Money;
}

/** What the dues need of a contract: its number, items, start and, where known, its last day. */
export interface DueContract {
  number: string;
  items: readonly DueItem[];
  startDate: CalendarDate;
  /** The last day (renewal none, termination): no period after it, the one it falls in pro rata. */
  endsOn: CalendarDate | null;
}

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
  /** True when the contract ends inside the period and the amounts are its share of days. */
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

const recurringDues = (
  contract: DueContract,
  interval: RecurringInterval,
  firstDueOn: CalendarDate | undefined,
  lastDueOn: CalendarDate,
) => {
  const items = contract.items.filter((item) => item.billingInterval === interval);
  if (items.length === 0) return [];
  const { endsOn } = contract;
  const lastStart = endsOn !== null && compareDates(endsOn, lastDueOn) < 0 ? endsOn : lastDueOn;
  return periodsFrom(contract.startDate, interval, lastStart, firstDueOn).map((period: Period) => {
    const proRata = endsOn !== null && compareDates(endsOn, period.end) < 0;
    const periodDays = daysFromTo(period.start, period.end);
    const days = proRata ? daysFromTo(period.start, endsOn) : periodDays;
    const lines = items.map((item) => lineOf(item, proRataAmount(item.total.amount, days, periodDays)));
    return { interval, dueOn: period.start, periodStart: period.start, periodEnd: period.end, lines, proRata };
  });
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
  const drafts = [
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
