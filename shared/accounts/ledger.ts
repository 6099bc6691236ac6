import type { DueAnswer } from '../contracts/dues/dues-schema.ts';
import type { Entry } from './schema.ts';

/*
 * The ledger's arithmetic, without the table (docs/accounts.md, "Settling"): what each due and fee still owes once
 * the money not tied to a due (payments, credits, write-offs) has settled the oldest first.
 */

/** What is open after settling: by due id, and of the fees (bank, reminder) by entry id. */
export interface Settlement {
  /** The sum of every entry, in cents. */
  balance: number;
  /** What is open of returned dues and of fees. */
  overdue: number;
  /** Money left after every claim is settled: what later dues use. */
  credit: number;
  /** By due id: what its entries ask (`due` + `return` − `debit`) and what of it is still open. */
  dues: ReadonlyMap<string, { owed: number; open: number }>;
}

const claimKinds = new Set(['due', 'return', 'debit']);
const feeKinds = new Set(['bank-fee', 'reminder-fee']);

/**
 * Settles `entries` (in the order of booking) oldest first: each due's claim dates from its `due` entry, each
 * fee from its own; payments, credits and write-offs pay them in that order, and what is left is credit. A due
 * counts as overdue only while it is `returned` (a due waiting for its first collection is not).
 */
export const settle = (entries: readonly Entry[], dues: ReadonlyMap<string, Pick<DueAnswer, 'status'>>): Settlement => {
  const claims = new Map<string, { date: string; order: number; owed: number; overdue: () => boolean }>();
  let pool = 0;
  let balance = 0;
  entries.forEach((entry, order) => {
    balance += entry.amount.amount;
    if (claimKinds.has(entry.kind) && entry.dueId !== null) {
      const dueId = entry.dueId;
      const claim = claims.get(dueId) ?? {
        date: entry.bookedOn,
        order,
        owed: 0,
        overdue: () => dues.get(dueId)?.status === 'returned',
      };
      if (entry.kind === 'due') Object.assign(claim, { date: entry.bookedOn, order });
      claim.owed += entry.amount.amount;
      claims.set(dueId, claim);
    } else if (feeKinds.has(entry.kind)) {
      claims.set(`fee:${entry.id}`, { date: entry.bookedOn, order, owed: entry.amount.amount, overdue: () => true });
    } else {
      pool -= entry.amount.amount;
    }
  });
  // A debit whose due is not booked yet leaves its due below zero: that much is money in hand, not a claim.
  for (const claim of claims.values()) {
    if (claim.owed < 0) {
      pool -= claim.owed;
      claim.owed = 0;
    }
  }
  const ordered = [...claims.entries()].sort(([, a], [, b]) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order,
  );
  let overdue = 0;
  const dueSettlement = new Map<string, { owed: number; open: number }>();
  for (const [key, claim] of ordered) {
    const paid = Math.min(claim.owed, Math.max(pool, 0));
    pool -= paid;
    const open = claim.owed - paid;
    if (claim.overdue()) overdue += open;
    if (!key.startsWith('fee:')) dueSettlement.set(key, { owed: claim.owed, open });
  }
  return { balance, overdue, credit: Math.max(pool, 0), dues: dueSettlement };
};
