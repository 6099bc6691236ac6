import { dueItem } from '../collections/entity.ts';
import { todayOf } from '../contracts/computed-dates.ts';
import type { CalendarDate } from '../contracts/dates.ts';
import type { DueAnswer } from '../contracts/dues/dues-schema.ts';
import { tableName } from '../db/client.ts';
import { ConditionFailed, WriteContention } from '../db/errors.ts';
import { putNew, type WriteItem, write } from '../db/write.ts';
import { type Change, eventWrite } from '../outbox/outbox.ts';
import { type AccountState, comingDue, readAccount } from './account-state.ts';
import { contractKey, entryItem, sequenceAttribute } from './entity.ts';
import { type Settlement, settle } from './ledger.ts';
import type { Account, Entry } from './schema.ts';
import type { AccountSummary } from './summary-schema.ts';

/** What an action books on the account besides what has come due (a payment, a return …). */
export interface Booking<Result = unknown> {
  entries?: readonly Entry[];
  /** The action's other writes, with their own conditions (a debit's return, a mandate): first in the transaction. */
  writes?: readonly WriteItem[];
  /** Dues the action changes (a return): their state after it; settling may change them further. */
  dues?: readonly DueAnswer[];
  /** The event of the action's change, beside the account's own. */
  change?: Change;
  /** An event of the account's own (`data.version` the account's sequence after the booking). */
  accountEvent?: Change['type'];
  /** The dunning state after the action (a reminder, a handover, its closure); else as before. */
  dunning?: Pick<AccountSummary, 'dunningLevel' | 'inCollection'>;
  /** The answer stored for a replay under an Idempotency-Key, made from the account as booked. */
  answer?: (account: Account) => Result;
}

// Three rounds against concurrent bookings of the same account; each reads afresh.
const maxAttempts = 4;
// Dues and debits booked at once when an account was not touched for long: room for the action's own items.
const catchUpPerTransaction = 60;

const euros = (amount: number) => ({ amount, currency: 'EUR' as const });

export const accountOf = (state: Pick<AccountState, 'contract' | 'summary' | 'entries'>): Account => ({
  contractId: state.contract.id,
  ...state.summary,
  entries: [...state.entries].sort((a, b) => (a.bookedOn < b.bookedOn ? -1 : a.bookedOn > b.bookedOn ? 1 : 0)),
});

const summaryOf = (
  settlement: Settlement,
  before: Pick<AccountSummary, 'dunningLevel' | 'inCollection'>,
): AccountSummary => ({
  balance: euros(settlement.balance),
  overdue: euros(settlement.overdue),
  // Reminders and the handover set the level; nothing overdue brings it back to 0, unless the claim was handed over.
  dunningLevel: settlement.overdue === 0 && !before.inCollection ? 0 : before.dunningLevel,
  inCollection: before.inCollection,
});

/**
 * What settling does to the dues (docs/accounts.md, "Settling"): a due paid in full otherwise becomes `settled` and is
 * never collected; a returned due paid in part is no longer collected by direct debit (the rest waits for payment).
 */
const settledDues = (settlement: Settlement, dues: ReadonlyMap<string, DueAnswer>, entries: readonly Entry[]) => {
  const changed: DueAnswer[] = [];
  const dueEntries = new Map(entries.filter((entry) => entry.kind === 'due').map((entry) => [entry.dueId, entry]));
  for (const [dueId, { owed, open }] of settlement.dues) {
    if (owed <= 0 || open === owed) continue;
    const due = dues.get(dueId);
    if (due?.status === 'collected' || due?.status === 'settled') continue;
    if (open === 0) {
      const entry = dueEntries.get(dueId);
      if (due) changed.push({ ...due, status: 'settled', collectable: false });
      else if (entry) changed.push(plannedDueSettled(dueId, entry));
    } else if (due?.status === 'returned' && due.collectable) {
      changed.push({ ...due, collectable: false });
    }
  }
  return changed;
};

/** A due never collected, paid from the account: stored so that no collection takes it (its claim needs no item). */
const plannedDueSettled = (dueId: string, entry: Entry): DueAnswer => ({
  id: dueId,
  dueOn: entry.bookedOn,
  periodStart: entry.bookedOn,
  periodEnd: entry.bookedOn,
  amount: entry.amount,
  lines: [],
  status: 'settled',
  collectionId: null,
  returnedOn: null,
  returnReason: null,
  representations: 0,
  collectable: false,
  preNotifiedOn: null,
});

/** The due as it is now, on condition that it is still as read (absent, or its status and collection). */
const dueWrite = (contractId: string, after: DueAnswer, before: DueAnswer | undefined): WriteItem => ({
  Put: {
    TableName: tableName(),
    Item: dueItem(contractId, after),
    ...(before
      ? {
          ConditionExpression: '#status = :status AND collectionId = :collectionId',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': before.status, ':collectionId': before.collectionId },
        }
      : { ConditionExpression: 'attribute_not_exists(pk)' }),
  },
});

const summaryWrite = (contractId: string, summary: AccountSummary, seen: number, next: number): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: contractKey(contractId),
    UpdateExpression: 'SET account = :summary, #sequence = :next',
    ConditionExpression:
      seen === 0
        ? 'attribute_exists(pk) AND attribute_not_exists(#sequence)'
        : 'attribute_exists(pk) AND #sequence = :seen',
    ExpressionAttributeNames: { '#sequence': sequenceAttribute },
    ExpressionAttributeValues: { ':summary': summary, ':next': next, ...(seen === 0 ? {} : { ':seen': seen }) },
  },
});

/** One transaction: the entries, the dues settling changes, the summary (if the count is as read) and the events. */
const bookingWrites = (
  state: AccountState,
  entries: readonly Entry[],
  duesChanged: readonly DueAnswer[],
  summary: AccountSummary,
  accountEvent?: Change['type'],
) => {
  const contractId = state.contract.id;
  const next = state.sequence + Math.max(entries.length, 1);
  const events: Change[] = accountEvent ? [{ type: accountEvent, id: contractId, version: next }] : [];
  if (state.summary.overdue.amount === 0 && summary.overdue.amount > 0)
    events.push({ type: 'account.overdue', id: contractId, version: next });
  if (state.summary.overdue.amount > 0 && summary.overdue.amount === 0)
    events.push({ type: 'account.settled', id: contractId, version: next });
  return [
    ...entries.map((entry, index) => putNew(entryItem(contractId, entry, state.sequence + index + 1))),
    ...duesChanged.map((due) => dueWrite(contractId, due, state.dues.get(due.id))),
    summaryWrite(contractId, summary, state.sequence, next),
    ...events.map(eventWrite),
  ];
};

/**
 * Books on a contract's account (docs/accounts.md, "Exactly once"): reads it, books what has come due, lets
 * `action` add its own, settles oldest first and writes it all in one transaction whose summary update holds only
 * while no other booking came in between; then it reads again and tries anew. `action` decides on what it reads,
 * so a retry decides again; a condition of its own `writes` that fails is its `conflict` to answer.
 */
export const bookOnAccount = async <Result>(
  contractId: string,
  action: (state: AccountState, today: CalendarDate) => Booking<Result> | Promise<Booking<Result>>,
  conflict: (failure: ConditionFailed) => Error = (failure) => failure,
): Promise<{ account: Account; result: Result | undefined; sequence: number }> => {
  for (let attempt = 1; attempt <= maxAttempts; ) {
    const state = await readAccount(contractId);
    const today = todayOf(state.contract);
    const due = await comingDue(state, today);
    if (due.length > catchUpPerTransaction) {
      // An account untouched for a long time: its past dues first, in transactions of their own.
      await bookOnly(state, due.slice(0, catchUpPerTransaction));
      continue;
    }
    const caughtUp: AccountState = { ...state, entries: [...state.entries, ...due] };
    const booking = await action(caughtUp, today);
    const entries = [...due, ...(booking.entries ?? [])];
    const dues = new Map(state.dues);
    for (const changed of booking.dues ?? []) dues.set(changed.id, changed);
    const all = [...state.entries, ...entries];
    const settlement = settle(all, dues);
    const settling = settledDues(settlement, dues, all);
    const duesChanged = new Map([...(booking.dues ?? []), ...settling].map((changed) => [changed.id, changed]));
    const summary = summaryOf(settlement, booking.dunning ?? state.summary);
    const account = accountOf({ contract: state.contract, summary, entries: all });
    const result = booking.answer?.(account);
    const ownWrites = booking.writes ?? [];
    const sequence = state.sequence + Math.max(entries.length, 1);
    if (entries.length === 0 && duesChanged.size === 0 && ownWrites.length === 0 && booking.answer === undefined) {
      return { account, result, sequence: state.sequence };
    }
    try {
      await write(
        [...ownWrites, ...bookingWrites(state, entries, [...duesChanged.values()], summary, booking.accountEvent)],
        {
          ...(booking.answer ? { result } : {}),
          ...(booking.change ? { change: booking.change } : {}),
        },
      );
      return { account, result, sequence };
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      if (ownWrites.some((_, index) => error.at(index))) throw conflict(error);
      attempt++;
    }
  }
  throw new WriteContention();
};

const bookOnly = async (state: AccountState, entries: readonly Entry[]): Promise<void> => {
  const all = [...state.entries, ...entries];
  const settlement = settle(all, state.dues);
  const settling = settledDues(settlement, state.dues, all);
  try {
    await write(bookingWrites(state, entries, settling, summaryOf(settlement, state.summary)));
  } catch (error) {
    // Another booking came first: the caller reads again.
    if (!(error instanceof ConditionFailed)) throw error;
  }
};
