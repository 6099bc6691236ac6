import type { AccountState } from '../account-state.ts';
import { settle } from '../ledger.ts';
import type { Entry } from '../schema.ts';
import type { ReminderItem } from './schema.ts';

const euros = (amount: number) => ({ amount, currency: 'EUR' as const });

/** What is open after the booking: each returned due with its bank fee, then each reminder fee not yet paid. */
export const openItems = (state: AccountState, entries: readonly Entry[]): ReminderItem[] => {
  const settlement = settle(entries, state.dues);
  const items: ReminderItem[] = [];
  for (const [dueId, { open }] of settlement.dues) {
    const due = state.dues.get(dueId);
    if (open <= 0 || due?.status !== 'returned') continue;
    const bankFee = entries
      .filter((entry) => entry.kind === 'bank-fee' && entry.dueId === dueId)
      .reduce((sum, entry) => sum + (settlement.fees.get(entry.id) ?? 0), 0);
    const text = entries.find((entry) => entry.kind === 'due' && entry.dueId === dueId)?.text ?? dueId;
    items.push({
      dueId,
      text,
      periodStart: due.periodStart,
      periodEnd: due.periodEnd,
      amount: euros(open),
      returnedOn: due.returnedOn,
      returnReason: due.returnReason,
      bankFee: euros(bankFee),
    });
  }
  // Bank fees whose due is paid stand on their own; reminder fees always do.
  const listed = new Set(items.map((item) => item.dueId));
  for (const entry of entries) {
    const open = settlement.fees.get(entry.id) ?? 0;
    if (open <= 0 || (entry.kind === 'bank-fee' && listed.has(entry.dueId))) continue;
    items.push({
      dueId: null,
      text: entry.text,
      periodStart: null,
      periodEnd: null,
      amount: euros(open),
      returnedOn: null,
      returnReason: null,
      bankFee: euros(0),
    });
  }
  return items;
};
