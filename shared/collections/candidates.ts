import { type CalendarDate, compareDates, todayIn } from '../contracts/dates.ts';
import type { DueAnswer } from '../contracts/dues/dues-schema.ts';
import { owedDuesOf } from '../contracts/dues/owed-dues.ts';
import { withStoredDues } from '../contracts/dues/stored-dues.ts';
import { contractPartition, contractStatusPartition } from '../contracts/keys.ts';
import { mandateAsOf } from '../contracts/mandates/mandate-status.ts';
import type { StoredMandate } from '../contracts/mandates/mandate-store.ts';
import type { StoredContract } from '../contracts/schema.ts';
import { inParallel } from '../in-parallel.ts';
import type { SequenceType } from '../sepa/pain008.ts';
import { remittanceText } from '../sepa/remittance.ts';
import { mayCollectOn } from '../sepa/target2.ts';
import { contractOfItem, mandateOfItem } from './contract-items.ts';
import { type Debit, dueFromItem, dueSortPrefix } from './entity.ts';
import { queryAll } from './query-all.ts';
import { maxRepresentations } from './representations.ts';

/** A due that may go into the collection, with the debit it becomes and the mandate it is drawn on. */
export interface Candidate {
  contractId: string;
  due: DueAnswer;
  debit: Debit;
  mandate: StoredMandate;
}

export interface GatherRequest {
  collectionDate: CalendarDate;
  preNotificationDays: number;
  today: CalendarDate;
  /** The sequence type this collection already gave a mandate (by reference): a resumed build keeps it. */
  sequenceOf: ReadonlyMap<string, SequenceType>;
}

// Contracts that may owe dues: a pending one is not agreed yet, a cancelled one never ran; a withdrawn one owes
// for the time until its withdrawal when the customer asked for an early start (owed-dues.ts).
const owingStatuses = ['signed', 'terminated', 'withdrawn'] as const;
// Per-contract Queries in flight at once: enough to hide latency, few enough to stay off the table's throttle.
const queryWidth = 16;

const contractIdsOwing = async (): Promise<string[]> => {
  const lists = await Promise.all(
    owingStatuses.map((status) =>
      queryAll({
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': contractStatusPartition(status) },
        ProjectionExpression: 'gsi3sk',
      }),
    ),
  );
  return lists.flat().map((item) => item.gsi3sk as string);
};

// `once` dues span one day; only they read „Einmalig …“.
const intervalOf = (due: DueAnswer) => (due.periodStart === due.periodEnd ? 'once' : 'month');

const debitOf = (
  contract: StoredContract,
  due: DueAnswer,
  mandate: StoredMandate,
  sequenceType: SequenceType,
): Debit => ({
  dueId: due.id,
  contractId: contract.id,
  contractNumber: contract.number,
  dueOn: due.dueOn,
  periodStart: due.periodStart,
  periodEnd: due.periodEnd,
  amount: due.amount,
  lines: due.lines,
  sequenceType,
  mandateReference: mandate.mandate.reference,
  mandateSignedOn: todayIn(contract.studio.timeZone, new Date(mandate.mandate.signedAt ?? 0)),
  accountHolder: mandate.mandate.accountHolder,
  iban: mandate.mandate.iban,
  bic: mandate.mandate.bic,
  remittance: remittanceText({ ...due, interval: intervalOf(due) }, contract.number),
  returnedOn: null,
  returnReason: null,
});

/**
 * Which of a contract's dues a collection may take (docs/accounts.md): a planned one, unless the account's credit
 * pays it (oldest first, only whole dues); a returned one only while it may be collected again (`AM04`, `MS03`, at
 * most twice) and once its Vorabankündigung is `preNotificationDays` old. Never a collected or settled one.
 */
const collectableBy = (request: GatherRequest, contractItem: Record<string, unknown>) => {
  const balance = (contractItem.account as { balance?: { amount: number } } | undefined)?.balance?.amount ?? 0;
  let credit = Math.max(0, -balance);
  return (due: DueAnswer): boolean => {
    if (due.status === 'planned') {
      if (credit < due.amount.amount) return true;
      credit -= due.amount.amount;
      return false;
    }
    if (due.status !== 'returned' || due.collectable === false) return false;
    if ((due.representations ?? 0) >= maxRepresentations || due.preNotifiedOn === null) return false;
    return mayCollectOn(request.collectionDate, due.preNotifiedOn, request.preNotificationDays);
  };
};

/** The collectable dues of one contract: one Query of its partition (contract, signatures, mandates, stored dues). */
const candidatesOfContract = async (contractId: string, request: GatherRequest): Promise<Candidate[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': contractPartition(contractId),
      ':from': 'CONTRACT',
      ':to': `${dueSortPrefix}~`,
    },
    ConsistentRead: true,
  });
  const contractItem = items.find((item) => item.entity === 'contract');
  if (!contractItem) return [];
  const contract = contractOfItem(contractItem);
  if (!(owingStatuses as readonly string[]).includes(contract.status)) return [];
  // The pre-notification is the signed contract with its schedule: the day its last signature came.
  const signedAt = items
    .filter((item) => item.entity === 'signature')
    .map((item) => item.signedAt as string)
    .sort()
    .at(-1);
  if (!signedAt) return [];
  const signedOn = todayIn(contract.studio.timeZone, new Date(signedAt));
  if (!mayCollectOn(request.collectionDate, signedOn, request.preNotificationDays)) return [];
  // The mandate debits are drawn on: the active one (a newer one may still wait for its signature).
  const mandate = items
    .filter((item) => item.entity === 'mandate')
    .map((item) => ({
      key: { pk: item.pk as string, sk: item.sk as string },
      mandate: mandateAsOf(mandateOfItem(item), contract.studio.timeZone, request.today),
    }))
    .find((stored) => stored.mandate.status === 'active');
  if (!mandate) return [];
  const range = { from: contract.startDate, to: request.collectionDate };
  if (compareDates(range.to, range.from) < 0) return [];
  const stored = items.filter((item) => item.entity === 'due').map(dueFromItem);
  const computed = owedDuesOf(contract, range).map(
    (due): DueAnswer => ({
      ...due,
      status: 'planned',
      collectionId: null,
      returnedOn: null,
      returnReason: null,
      representations: 0,
      collectable: true,
      preNotifiedOn: null,
    }),
  );
  const sequenceType =
    request.sequenceOf.get(mandate.mandate.reference) ?? (mandate.mandate.lastCollectedOn === null ? 'FRST' : 'RCUR');
  return withStoredDues(computed, stored, range)
    .filter(collectableBy(request, contractItem))
    .filter((due) => due.amount.currency === 'EUR' && due.amount.amount > 0)
    .map((due) => ({
      contractId,
      due: {
        id: due.id,
        dueOn: due.dueOn,
        periodStart: due.periodStart,
        periodEnd: due.periodEnd,
        amount: due.amount,
        lines: due.lines,
        status: due.status,
        collectionId: due.collectionId,
        returnedOn: due.returnedOn,
        returnReason: due.returnReason,
        representations: due.representations ?? 0,
        collectable: due.collectable ?? true,
        preNotifiedOn: due.preNotifiedOn,
      },
      debit: debitOf(contract, due, mandate, sequenceType),
      mandate,
    }));
};

/**
 * Every due that may go into a collection on `collectionDate` (docs/collections.md, "Which dues"): due
 * on or before it, `planned` or `returned`, of a signed or terminated contract whose mandate is active
 * and whose signing lies at least `preNotificationDays` before it. Never a Scan: the contracts come
 * from the status lists (gsi3), each contract's items from one Query of its partition.
 */
export const gatherCandidates = async (request: GatherRequest): Promise<Candidate[]> => {
  const contractIds = await contractIdsOwing();
  const perContract = await inParallel(contractIds, queryWidth, (id) => candidatesOfContract(id, request));
  return perContract.flat();
};
