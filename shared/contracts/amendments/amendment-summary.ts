import { addDays, daysFromTo } from '../../calendar/calendar-date.ts';
import { formatDate, formatMoney } from '../../messages/german-format.ts';
import { itemTotalOn } from '../../sepa/dues.ts';
import { minimumTermEndsOn } from '../dates.ts';
import { intervalLabels } from '../document/german-format.ts';
import type { ContractItem, StoredContract } from '../schema.ts';
import { amendmentTitle, pauseReasonLabels } from './amendment-labels.ts';
import type { Amendment } from './amendment-schema.ts';
import { inForceOnContract, itemsOnDay } from './in-force.ts';

/*
 * An amendment in plain German, built from its record (docs/amendments.md, "Am Tablet und zu Hause"): what changes,
 * from when, and what follows from it (the minimum term's end, the dues). The signing page shows these lines above
 * „Zustimmen“ and „Ablehnen“; they are read as if the amendment were agreed next to those agreed already.
 */

export interface AmendmentSummary {
  /** „Vereinbarung über eine Ruhezeit zum Vertrag 2026-000001“. */
  title: string;
  /** One sentence a line. */
  lines: string[];
}

type Contract = StoredContract;

/** The recurring dues from `day` on, per billing interval: „40,00 € monatlich“. */
const duesFrom = (items: readonly ContractItem[], day: string): string => {
  const sums = new Map<string, { amount: number; currency: string }>();
  for (const item of items) {
    if (item.billingInterval === 'once') continue;
    const sum = sums.get(item.billingInterval) ?? { amount: 0, currency: item.total.currency };
    sum.amount += itemTotalOn(item, day);
    sums.set(item.billingInterval, sum);
  }
  const parts = [...sums].map(([interval, sum]) => `${formatMoney(sum)} ${intervalLabels[interval as 'month']}`);
  return parts.length === 0 ? 'keine laufenden Beiträge' : parts.join(', ');
};

const itemLine = (item: ContractItem, day: string) =>
  `${item.name}: ${item.quantity} × ${formatMoney({ amount: itemTotalOn(item, day) / item.quantity, currency: item.total.currency })} ${intervalLabels[item.billingInterval]}`;

const pauseLines = (amendment: Amendment, termEndsOn: { before: string | null; after: string | null }) => {
  const lastDay = amendment.lastDay as string;
  const days = daysFromTo(amendment.effectiveFrom, lastDay);
  const reason =
    (amendment.reason === 'other' && amendment.reasonText) || pauseReasonLabels[amendment.reason ?? 'other'];
  const fee = amendment.monthlyFee?.amount
    ? `Für die ruhenden Tage wird eine Ruhezeitgebühr von ${formatMoney(amendment.monthlyFee)} je Monat anteilig berechnet.`
    : 'Für die ruhenden Tage werden keine Beiträge berechnet.';
  const term =
    termEndsOn.before === null
      ? 'Der Vertrag hat keine Mindestlaufzeit.'
      : amendment.extendsTerm
        ? `Die Mindestlaufzeit verlängert sich um ${days} Tage: Sie endet am ${formatDate(termEndsOn.after as string)} statt am ${formatDate(termEndsOn.before)}.`
        : `Die Mindestlaufzeit bleibt unverändert: Sie endet am ${formatDate(termEndsOn.before)}.`;
  return [
    `Der Vertrag ruht vom ${formatDate(amendment.effectiveFrom)} bis zum ${formatDate(lastDay)} (${days} Tage).`,
    `Grund: ${reason}.`,
    fee,
    term,
    `Ab dem ${formatDate(addDays(lastDay, 1))} gelten die Beiträge wie bisher.`,
  ];
};

/** The amendment's title and lines, with the contract as it is and the amendments it has (this one among them). */
export const amendmentSummary = (
  amendment: Amendment,
  contract: Contract,
  amendments: readonly Amendment[],
): AmendmentSummary => {
  const asAgreed = amendments.map((candidate) =>
    candidate.id === amendment.id ? { ...candidate, status: 'agreed' as const } : candidate,
  );
  const title = `${amendmentTitle(amendment, contract.number)} (${amendment.number})`;
  if (amendment.kind === 'pause') {
    const after = { ...contract, pauses: inForceOnContract(asAgreed).pauses };
    return {
      title,
      lines: pauseLines(amendment, { before: minimumTermEndsOn(contract), after: minimumTermEndsOn(after) }),
    };
  }
  const from = amendment.effectiveFrom;
  const before = itemsOnDay(contract, amendments, from);
  const after = itemsOnDay(contract, asAgreed, from);
  const changed =
    amendment.kind === 'price'
      ? after.filter((item) => (amendment.items ?? []).some((changedItem) => changedItem.serviceId === item.serviceId))
      : after;
  return {
    title,
    lines: [
      amendment.kind === 'price'
        ? `Ab dem ${formatDate(from)} gelten neue Preise:`
        : `Ab dem ${formatDate(from)} gelten diese Leistungen anstelle der bisherigen:`,
      ...changed.map((item) => itemLine(item, from)),
      `Beiträge ab dem ${formatDate(from)}: ${duesFrom(after, from)} (bisher ${duesFrom(before, from)}).`,
      'Laufzeit, Kündigungsfrist und alle übrigen Vereinbarungen des Vertrags bleiben unverändert.',
    ],
  };
};
