import type { CalendarDate } from '../contracts/dates.ts';
import { bulkAttemptTimeoutMs, tableName } from '../db/client.ts';
import { ConditionFailed } from '../db/errors.ts';
import { type WriteItem, write } from '../db/write.ts';
import type { Candidate } from './candidates.ts';
import { collectionKey, debitItem, dueItem } from './entity.ts';
import { maxRepresentations } from './representations.ts';

// DynamoDB's limit on the items of one TransactWriteItems.
const maxTransactItems = 100;

/** What claiming ended with: `mandateMoved` when a mandate changed under a claim (its dues wait for a fresh read). */
export interface ClaimOutcome {
  /** The collection is no longer `building`: another request finished it, so nothing more may join it. */
  closed: boolean;
  mandateMoved: boolean;
}

const stillBuilding = (collectionId: string): WriteItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: collectionKey(collectionId),
    ConditionExpression: '#status = :building',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':building': 'building' },
  },
});

/**
 * The mandate still active and as read; `lastCollectedOn` moves forward to the collection date. Conditional
 * on the value read, so two collections at once cannot both take a mandate's first debit as `FRST`.
 */
const mandateWrite = (candidate: Candidate, collectionDate: CalendarDate): WriteItem => {
  const { key, mandate } = candidate.mandate;
  const seen = mandate.lastCollectedOn;
  const condition = `#status = :active AND ${seen === null ? '(attribute_not_exists(lastCollectedOn) OR lastCollectedOn = :null)' : 'lastCollectedOn = :seen'}`;
  const values = { ':active': 'active', ...(seen === null ? { ':null': null } : { ':seen': seen }) };
  if (seen !== null && seen >= collectionDate) {
    return {
      ConditionCheck: {
        TableName: tableName(),
        Key: key,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      },
    };
  }
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET lastCollectedOn = :date',
      ConditionExpression: condition,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ...values, ':date': collectionDate },
    },
  };
};

/**
 * The due claimed for the collection: only a due never collected, or returned since and still to be collected again
 * (not settled by the account, not past its last re-presentation: docs/accounts.md). A re-presentation counts.
 */
const dueClaim = (candidate: Candidate, collectionId: string): WriteItem => ({
  Put: {
    TableName: tableName(),
    Item: dueItem(candidate.contractId, {
      ...candidate.due,
      status: 'collected',
      collectionId,
      returnedOn: null,
      returnReason: null,
      representations: candidate.due.status === 'returned' ? (candidate.due.representations ?? 0) + 1 : 0,
      collectable: true,
      preNotifiedOn: null,
    }),
    ConditionExpression:
      'attribute_not_exists(pk) OR (#status = :returned AND (attribute_not_exists(collectable) OR collectable = :true) AND (attribute_not_exists(representations) OR representations < :max))',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':returned': 'returned', ':true': true, ':max': maxRepresentations },
  },
});

const debitPut = (candidate: Candidate, collectionId: string): WriteItem => ({
  Put: {
    TableName: tableName(),
    Item: debitItem(collectionId, candidate.debit),
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const mandateOf = (candidate: Candidate) => candidate.mandate.key.sk + candidate.mandate.key.pk;

/** Cuts the candidates into transactions of at most 100 items: the collection check, each mandate once, two per due. */
const chunksOf = (candidates: readonly Candidate[]): Candidate[][] => {
  const chunks: Candidate[][] = [];
  let chunk: Candidate[] = [];
  let mandates = new Set<string>();
  for (const candidate of candidates) {
    const extra = mandates.has(mandateOf(candidate)) ? 2 : 3;
    if (1 + mandates.size + chunk.length * 2 + extra > maxTransactItems) {
      chunks.push(chunk);
      chunk = [];
      mandates = new Set();
    }
    chunk.push(candidate);
    mandates.add(mandateOf(candidate));
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
};

/**
 * Claims the candidates for the collection, a transaction of at most 100 items at a time (docs/collections.md,
 * "Exactly once"). Each transaction checks that the collection is still `building`, that each mandate is
 * still active as read, and puts each due's claim beside its debit; a due another collection claimed
 * meanwhile fails its condition and is left out, and the rest of the transaction is tried again.
 */
export const claimCandidates = async (
  collectionId: string,
  collectionDate: CalendarDate,
  candidates: readonly Candidate[],
): Promise<ClaimOutcome> => {
  let mandateMoved = false;
  // A mandate whose lastCollectedOn a chunk of this run moved: later chunks see the value they wrote.
  const movedHere = new Map<string, CalendarDate>();
  for (let pending of chunksOf(candidates)) {
    while (pending.length > 0) {
      const current = pending.map((candidate) => {
        const moved = movedHere.get(mandateOf(candidate));
        return moved === undefined
          ? candidate
          : {
              ...candidate,
              mandate: { ...candidate.mandate, mandate: { ...candidate.mandate.mandate, lastCollectedOn: moved } },
            };
      });
      const mandates = [...new Map(current.map((candidate) => [mandateOf(candidate), candidate])).values()];
      const items = [
        stillBuilding(collectionId),
        ...mandates.map((candidate) => mandateWrite(candidate, collectionDate)),
        ...current.flatMap((candidate) => [dueClaim(candidate, collectionId), debitPut(candidate, collectionId)]),
      ];
      try {
        // collections-create has 28 s: three attempts of a full chunk fit.
        await write(items, { attemptTimeoutMs: bulkAttemptTimeoutMs });
        for (const candidate of mandates) {
          const seen = candidate.mandate.mandate.lastCollectedOn;
          if (seen === null || seen < collectionDate) movedHere.set(mandateOf(candidate), collectionDate);
        }
        pending = [];
      } catch (error) {
        if (!(error instanceof ConditionFailed)) throw error;
        if (error.at(0)) return { closed: true, mandateMoved };
        const movedMandates = new Set(
          mandates.filter((_, index) => error.at(1 + index)).map((candidate) => mandateOf(candidate)),
        );
        if (movedMandates.size > 0) mandateMoved = true;
        const firstDue = 1 + mandates.length;
        pending = current.filter(
          (candidate, index) =>
            !movedMandates.has(mandateOf(candidate)) &&
            !error.at(firstDue + 2 * index) &&
            !error.at(firstDue + 2 * index + 1),
        );
      }
    }
  }
  return { closed: false, mandateMoved };
};
