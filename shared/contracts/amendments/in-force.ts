import type { DueContract, DueItem, DueItemChange } from '../../sepa/dues.ts';
import { type CalendarDate, compareDates } from '../dates.ts';
import type { ContractItem, StoredContract } from '../schema.ts';
import type { Amendment } from './amendment-schema.ts';
import type { AmendmentInForce, PauseInForce } from './in-force-schema.ts';

/*
 * What agreed amendments change (docs/amendments.md, "In force"): only `agreed` ones count; an offered,
 * declined, expired or cancelled amendment changes nothing.
 */

/** An offer not signed by the end of its `offerExpiresOn` (studio's zone) reads `expired`; nothing rewrites it. */
export const amendmentAsOf = (amendment: Amendment, today: CalendarDate): Amendment =>
  amendment.status === 'offered' && compareDates(today, amendment.offerExpiresOn) > 0
    ? { ...amendment, status: 'expired' }
    : amendment;

/** What the schedule needs of an amendment: the full record or the contract's entry of an agreed one. */
type ScheduleChange = Pick<Amendment, 'status' | 'kind' | 'effectiveFrom' | 'number' | 'items'>;

const agreedOnes = <Change extends ScheduleChange>(amendments: readonly Change[]): Change[] =>
  amendments
    .filter((amendment) => amendment.status === 'agreed')
    .sort((a, b) => compareDates(a.effectiveFrom, b.effectiveFrom) || a.number.localeCompare(b.number));

/** The pause as in force: its last day is the early end's, when it ended early. */
export const pauseInForce = (amendment: Amendment): PauseInForce => ({
  amendmentId: amendment.id,
  from: amendment.effectiveFrom,
  lastDay: amendment.endedEarly?.lastDay ?? (amendment.lastDay as CalendarDate),
  extendsTerm: amendment.extendsTerm === true,
  monthlyFee: amendment.monthlyFee ?? { amount: 0, currency: 'EUR' },
});

/** The contract's `pauses` and `amendments`: what its own item keeps of the agreed amendments. */
export const inForceOnContract = (
  amendments: readonly Amendment[],
): { pauses: PauseInForce[]; amendments: AmendmentInForce[] } => {
  const agreed = agreedOnes(amendments);
  return {
    pauses: agreed.filter((amendment) => amendment.kind === 'pause').map(pauseInForce),
    amendments: agreed
      .slice()
      .sort((a, b) => a.number.localeCompare(b.number, 'en', { numeric: true }))
      .map(({ id, number, kind, status, effectiveFrom, items }) => ({
        id,
        number,
        kind,
        status,
        effectiveFrom,
        items,
      })),
  };
};

const withNewPrice = (item: ContractItem, from: CalendarDate, unitPrice: ContractItem['unitPrice']): ContractItem => ({
  ...item,
  // A price agreed later supersedes any step agreed for its day or after it: the newest agreement counts.
  priceSteps: [...(item.priceSteps ?? []).filter((step) => compareDates(step.from, from) < 0), { from, unitPrice }],
});

/**
 * The recurring items from each agreed change on: the contract's own items (their price steps included), each
 * agreed price change as a step of its items from its day, each agreed items change as a new set from its day.
 */
export const itemTimeline = (
  contract: Pick<StoredContract, 'items' | 'startDate'>,
  amendments: readonly ScheduleChange[],
) => {
  const timeline: { from: CalendarDate; items: ContractItem[] }[] = [
    { from: contract.startDate, items: [...contract.items] },
  ];
  for (const amendment of agreedOnes(amendments)) {
    const last = timeline.at(-1) as { from: CalendarDate; items: ContractItem[] };
    if (amendment.kind === 'price') {
      const prices = new Map((amendment.items ?? []).map((item) => [item.serviceId, item.unitPrice]));
      last.items = last.items.map((item) => {
        const price = prices.get(item.serviceId);
        return price ? withNewPrice(item, amendment.effectiveFrom, price) : item;
      });
    } else if (amendment.kind === 'items') {
      timeline.push({ from: amendment.effectiveFrom, items: [...(amendment.items ?? [])] });
    }
  }
  return timeline;
};

/** The items in force on a day: the set of the last change on or before it. */
export const itemsOnDay = (
  contract: Pick<StoredContract, 'items' | 'startDate'>,
  amendments: readonly ScheduleChange[],
  day: CalendarDate,
): ContractItem[] =>
  itemTimeline(contract, amendments).findLast((set) => compareDates(set.from, day) <= 0)?.items ?? contract.items;

/**
 * What the dues engine needs beyond the contract: its items over time and its pauses, both from the contract's own
 * item (`amendments` with their items, `pauses` with their early ends), so no amendment is read for them.
 */
export const dueScheduleOf = (
  contract: Pick<StoredContract, 'items' | 'startDate' | 'amendments' | 'pauses'>,
): Pick<DueContract, 'items' | 'itemChanges' | 'pauses'> => {
  const [first, ...changes] = itemTimeline(contract, contract.amendments);
  return {
    items: (first?.items ?? contract.items) as DueItem[],
    itemChanges: changes as DueItemChange[],
    pauses: contract.pauses,
  };
};
