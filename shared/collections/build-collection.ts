import { now } from '../clock.ts';
import type { CalendarDate } from '../contracts/dates.ts';
import { tableName } from '../db/client.ts';
import { ConditionFailed } from '../db/errors.ts';
import { type WriteItem, write } from '../db/write.ts';
import type { SequenceType } from '../sepa/pain008.ts';
import { type Candidate, gatherCandidates } from './candidates.ts';
import { claimCandidates } from './claims.ts';
import type { Collection } from './collection-record.ts';
import { collectionFromItem, collectionIndexes, collectionKey, requestPointerKey } from './entity.ts';
import { debitsOf, getCollectionItem } from './store.ts';

// A claim run may meet a mandate that changed under it; each fresh read settles one such race.
const maxPasses = 3;

export interface BuildSettings {
  preNotificationDays: number;
  today: CalendarDate;
}

/**
 * Claims every collectable due for a `building` collection, however many transactions that takes: a
 * first build, a retry of the same request, or a later create finishing one a crash left. Each pass
 * reads afresh, so a due this collection already holds is no candidate any more, and each mandate
 * keeps the sequence type this collection gave it first.
 */
export const claimForCollection = async (
  collection: Collection,
  settings: BuildSettings,
  /** What a new collection's create just read: its first pass claims them without reading again. */
  firstCandidates?: readonly Candidate[],
): Promise<void> => {
  for (let pass = 1; pass <= maxPasses; pass++) {
    const candidates =
      pass === 1 && firstCandidates
        ? firstCandidates
        : await gatherCandidates({
            collectionDate: collection.collectionDate,
            ...settings,
            sequenceOf: new Map<string, SequenceType>(
              (await debitsOf(collection.id)).map((debit) => [debit.mandateReference, debit.sequenceType]),
            ),
          });
    if (candidates.length === 0) return;
    const outcome = await claimCandidates(collection.id, collection.collectionDate, candidates);
    if (outcome.closed || !outcome.mandateMoved) return;
  }
};

const finishWrite = (collection: Collection): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: collectionKey(collection.id),
    UpdateExpression:
      'SET #status = :created, #count = :count, #total = :total, dues = :dues, updatedAt = :updatedAt, gsi3pk = :gsi3pk',
    ConditionExpression: '#status = :building',
    ExpressionAttributeNames: { '#status': 'status', '#count': 'count', '#total': 'total' },
    ExpressionAttributeValues: {
      ':created': 'created',
      ':building': 'building',
      ':count': collection.count,
      ':total': collection.total,
      ':dues': collection.dues,
      ':updatedAt': collection.updatedAt,
      ':gsi3pk': collectionIndexes(collection).gsi3pk,
    },
  },
});

/**
 * Ends the build: `created` with the count, total and ids of the debits it holds (read back, so a
 * resumed build counts what an earlier attempt claimed too) and the event `collection.created`, in one
 * transaction that also stores the request's answer when it runs under an Idempotency-Key. A
 * collection that holds nothing is deleted with its request pointer: it never existed for anyone.
 * Answers the collection as it now stands, or undefined when it was deleted.
 */
export const finishCollection = async (
  building: Collection,
  options: { answersRequest: boolean },
): Promise<Collection | undefined> => {
  const debits = (await debitsOf(building.id)).sort((a, b) => a.dueId.localeCompare(b.dueId));
  if (debits.length === 0) {
    const item = await getCollectionItem(building.id);
    const pointer = item?.requestPointer as string | undefined;
    await write([
      {
        Delete: {
          TableName: tableName(),
          Key: collectionKey(building.id),
          ConditionExpression: 'attribute_not_exists(pk) OR #status = :building',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':building': 'building' },
        },
      },
      ...(pointer ? [{ Delete: { TableName: tableName(), Key: requestPointerKey(pointer) } }] : []),
    ]);
    return undefined;
  }
  const created: Collection = {
    ...building,
    status: 'created',
    count: debits.length,
    total: { amount: debits.reduce((sum, debit) => sum + debit.amount.amount, 0), currency: 'EUR' },
    dues: debits.map((debit) => debit.dueId),
    updatedAt: now().toISOString(),
  };
  try {
    await write([finishWrite(created)], {
      ...(options.answersRequest ? { result: created } : {}),
      change: { type: 'collection.created', id: created.id, version: created.version },
    });
    return created;
  } catch (error) {
    // Another request finished it first: its answer is the stored one.
    if (!(error instanceof ConditionFailed)) throw error;
    const item = await getCollectionItem(building.id);
    return item ? collectionFromItem(item) : undefined;
  }
};
