import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { contractOfItem } from '../collections/contract-items.ts';
import { collectionKey, dueFromItem } from '../collections/entity.ts';
import { queryAll } from '../collections/query-all.ts';
import { type CalendarDate, compareDates } from '../contracts/dates.ts';
import type { DueAnswer } from '../contracts/dues/dues-schema.ts';
import { owedDuesOf } from '../contracts/dues/owed-dues.ts';
import { contractPartition } from '../contracts/keys.ts';
import type { StoredContract } from '../contracts/schema.ts';
import { documentClient, tableName } from '../db/client.ts';
import { NotFound } from '../db/errors.ts';
import { inParallel } from '../in-parallel.ts';
import { remittanceText } from '../sepa/remittance.ts';
import { bookingTexts } from './booking-texts.ts';
import { handoverFromItem } from './collection-agency/entity.ts';
import type { Handover } from './collection-agency/schema.ts';
import { entryFromItem, entrySortPrefix, sequenceAttribute } from './entity.ts';
import { reminderFromItem } from './reminders/entity.ts';
import type { Reminder } from './reminders/schema.ts';
import type { Entry } from './schema.ts';
import { type AccountSummary, emptyAccount } from './summary-schema.ts';

/** A contract's account as stored: the contract, its summary and count, its entries in booking order, its stored dues. */
export interface AccountState {
  contract: StoredContract;
  sequence: number;
  summary: AccountSummary;
  entries: Entry[];
  dues: Map<string, DueAnswer>;
  /** The reminders sent, oldest first. */
  reminders: Reminder[];
  /** The handovers to a collection agency, oldest first; the last is open while the account is `inCollection`. */
  handovers: Handover[];
}

// Contracts that owe: a pending offer is not agreed, a cancelled one never ran (as the collections' candidates).
const owingStatuses: readonly string[] = ['signed', 'terminated', 'withdrawn'];

/** Older due items lack the fields of re-presentation: they read as never collected again, still collectable. */
const storedDue = (item: Record<string, unknown>): DueAnswer => {
  const due = dueFromItem(item);
  return { ...due, representations: due.representations ?? 0, collectable: due.collectable ?? true };
};

/**
 * The account in one Query of the contract's partition, from `CONTRACT` to `ENTRY#~`: the contract (with the
 * summary), its signatures and mandates, its stored dues, its reminders and its entries; never the signature images.
 */
export const readAccount = async (contractId: string): Promise<AccountState> => {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': contractPartition(contractId),
      ':from': 'CONTRACT',
      ':to': `${entrySortPrefix}~`,
    },
    ConsistentRead: true,
  });
  const contractItem = items.find((item) => item.entity === 'contract');
  if (!contractItem) throw new NotFound('contract');
  const entryItems = items
    .filter((item) => item.entity === 'accountEntry')
    .sort((a, b) => (a.sequence as number) - (b.sequence as number));
  return {
    contract: contractOfItem(contractItem),
    sequence: (contractItem[sequenceAttribute] as number | undefined) ?? 0,
    summary: (contractItem.account as AccountSummary | undefined) ?? emptyAccount,
    entries: entryItems.map(entryFromItem),
    dues: new Map(
      items
        .filter((item) => item.entity === 'due')
        .map(storedDue)
        .map((due) => [due.id, due]),
    ),
    reminders: items
      .filter((item) => item.entity === 'reminder')
      .map(reminderFromItem)
      .sort((a, b) => a.number - b.number),
    handovers: items
      .filter((item) => item.entity === 'handover')
      .map(handoverFromItem)
      .sort((a, b) => a.number - b.number),
  };
};

const collectionDateOf = async (collectionId: string): Promise<CalendarDate> => {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: collectionKey(collectionId),
      ProjectionExpression: 'collectionDate',
    }),
  );
  return (Item?.collectionDate as string | undefined) ?? '';
};

const euros = (amount: number) => ({ amount, currency: 'EUR' as const });
// Collections read at once while booking debits (a contract's are usually in one or two).
const collectionReadWidth = 8;

/**
 * What has come due and is not booked yet (docs/accounts.md, "When dues are booked"): a `due` for each due of the
 * schedule whose day has come, or that a collection took before it (a due and its debit are booked together), and a
 * `debit` for each collection that took a due. Ids are made of what they book, so booking twice is impossible.
 */
export const comingDue = async (state: AccountState, today: CalendarDate): Promise<Entry[]> => {
  const { contract } = state;
  if (!owingStatuses.includes(contract.status)) return [];
  const booked = new Set(state.entries.map((entry) => entry.id));
  const computed =
    compareDates(today, contract.startDate) >= 0 ? owedDuesOf(contract, { from: contract.startDate, to: today }) : [];
  const schedule = new Map(computed.map((due) => [due.id, { due, interval: due.interval }]));
  const dues = new Map<
    string,
    { due: Pick<DueAnswer, 'id' | 'dueOn' | 'periodStart' | 'periodEnd' | 'amount'>; interval: string }
  >(schedule);
  for (const due of state.dues.values()) {
    if (due.collectionId !== null || compareDates(due.dueOn, today) <= 0) {
      dues.set(due.id, {
        due,
        interval: schedule.get(due.id)?.interval ?? (due.periodStart === due.periodEnd ? 'once' : 'month'),
      });
    }
  }
  const dueEntries: Entry[] = [...dues.values()]
    .filter(({ due }) => due.amount.currency === 'EUR' && due.amount.amount > 0 && !booked.has(`due-${due.id}`))
    .sort((a, b) => compareDates(a.due.dueOn, b.due.dueOn) || a.due.id.localeCompare(b.due.id))
    .map(({ due, interval }) => ({
      id: `due-${due.id}`,
      bookedOn: due.dueOn,
      kind: 'due',
      amount: euros(due.amount.amount),
      dueId: due.id,
      collectionId: null,
      text: remittanceText(
        { interval: interval as 'once', periodStart: due.periodStart, periodEnd: due.periodEnd },
        contract.number,
      ),
    }));
  const debits = [...state.dues.values()].filter(
    (due) => due.collectionId !== null && !booked.has(`debit-${due.collectionId}-${due.id}`),
  );
  // One read per collection, not per debit: an account untouched since a large collection has hundreds of debits
  // of it, and hundreds of reads at once outwait the client's 50 sockets (its 1 s connection timeout starts before
  // a socket is free), so the action answered 503 though DynamoDB was fine.
  const collectionIds = [...new Set(debits.map((due) => due.collectionId as string))];
  const collectionDates = new Map(
    await inParallel(collectionIds, collectionReadWidth, async (id) => [id, await collectionDateOf(id)] as const),
  );
  const debitEntries = debits.map((due): Entry => {
    const collectionDate = collectionDates.get(due.collectionId as string) ?? '';
    return {
      id: `debit-${due.collectionId}-${due.id}`,
      bookedOn: collectionDate,
      kind: 'debit',
      amount: euros(-due.amount.amount),
      dueId: due.id,
      collectionId: due.collectionId,
      text: bookingTexts.debit(collectionDate),
    };
  });
  return [...dueEntries, ...debitEntries];
};
