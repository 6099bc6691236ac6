import * as v from 'valibot';

/*
 * The account's summary as every contract answer carries it (docs/accounts.md), apart from the ledger's
 * schemas: the contracts' bundles take these few lines, not the account area.
 */

/** Money in cents that may be negative (an account in credit): amounts of the ledger, never of a request. */
/* @__NO_SIDE_EFFECTS__ */
export function signedMoney() {
  return v.object({ amount: v.pipe(v.number(), v.integer()), currency: v.picklist(['EUR']) });
}

/** What is owed and how far the reminders went: 0 nothing overdue, 1 and 2 after a reminder, 3 handed over. */
export const dunningLevels = [0, 1, 2, 3] as const;

export const AccountSummaryRecord = v.object({
  /** The sum of all entries: positive the member owes, negative the member is in credit. */
  balance: signedMoney(),
  /** What is open of returned dues and fees, settled oldest first; never negative. */
  overdue: v.object({ amount: v.pipe(v.number(), v.integer(), v.minValue(0)), currency: v.picklist(['EUR']) }),
  dunningLevel: v.picklist(dunningLevels),
  inCollection: v.boolean(),
});
export type AccountSummary = v.InferOutput<typeof AccountSummaryRecord>;

/** The summary of an account nothing was booked on yet (and of a contract stored before accounts existed). */
export const emptyAccount: AccountSummary = {
  balance: { amount: 0, currency: 'EUR' },
  overdue: { amount: 0, currency: 'EUR' },
  dunningLevel: 0,
  inCollection: false,
};
