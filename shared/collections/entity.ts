import * as v from 'valibot';
import { DueRecord } from '../contracts/dues/dues-schema.ts';
import { dateRecord } from '../contracts/fields.ts';
import { itemId, type KeyShape, keyPattern } from '../db/key-shape.ts';
import { recordMapping } from '../db/record-mapping.ts';
import { tableDesign } from '../db/table-design.ts';
import { money } from '../schema/fields.ts';
import { type Collection, CollectionRecord, type CollectionStatus, sequenceTypes } from './collection-record.ts';
import { collectionKey, debitKey, dueKey } from './keys.ts';

/*
 * Where collections live in the table (docs/collections.md, "Items"):
 * - the collection: `COLLECTION#<id>` / `COLLECTION`, listed newest first on gsi1 (`COLLECTIONS`) and by
 *   status on gsi3 (`COLLECTIONS#building` is where a later create finds one a crash left unfinished);
 * - one debit per due as it was sent, in the collection's partition (`DEBIT#<due id>`): the file is
 *   rebuilt from these alone, and a return marks them;
 * - one due item per collected due, in its contract's partition (`DUE#<due id>`): the claim that keeps
 *   a due in at most one collection until it is returned, and what `GET /api/contracts/:id/dues` lays
 *   over the computed dues;
 * - a request's pointer (`COLLECTION_REQUEST#<Idempotency-Key record>`) to the collection it began.
 */
export { collectionKey, collectionPartition, debitKey, debitSortPrefix, dueKey, dueSortPrefix } from './keys.ts';
export const requestPointerKey = (idempotencyRecord: string) => ({
  pk: `COLLECTION_REQUEST#${idempotencyRecord}`,
  sk: 'COLLECTION_REQUEST',
});

export const collectionListPartition = 'COLLECTIONS';
export const collectionStatusPartition = (status: CollectionStatus) => `COLLECTIONS#${status}`;
export const collectionListKey: KeyShape = {
  pk: keyPattern('COLLECTION#', itemId),
  sk: keyPattern('COLLECTION'),
  indexSort: keyPattern(itemId),
};

/** A debit as it went to the bank: everything its `DrctDbtTxInf` holds, and its return once one came. */
export const DebitRecord = v.object({
  dueId: v.string(),
  contractId: v.string(),
  contractNumber: v.string(),
  dueOn: dateRecord(),
  periodStart: dateRecord(),
  periodEnd: dateRecord(),
  amount: money(),
  lines: DueRecord.entries.lines,
  sequenceType: v.picklist(sequenceTypes),
  mandateReference: v.string(),
  /** The mandate's signing day in the studio's zone: `DtOfSgntr`. */
  mandateSignedOn: dateRecord(),
  accountHolder: v.string(),
  iban: v.string(),
  bic: v.nullable(v.string()),
  remittance: v.string(),
  returnedOn: v.nullable(dateRecord()),
  returnReason: v.nullable(v.string()),
});
export type Debit = v.InferOutput<typeof DebitRecord>;

const collectionMapping = recordMapping(CollectionRecord);
const debitMapping = recordMapping(DebitRecord);
const dueMapping = recordMapping(DueRecord);

export const collectionFromItem = collectionMapping.fromItem;
export const debitFromItem = debitMapping.fromItem;
export const dueFromItem = dueMapping.fromItem;

export const collectionIndexes = (collection: Pick<Collection, 'id' | 'status'>) => ({
  gsi1pk: collectionListPartition,
  gsi1sk: collection.id,
  gsi3pk: collectionStatusPartition(collection.status),
  gsi3sk: collection.id,
});

export const collectionItem = (collection: Collection, requestPointer?: string) => ({
  ...collectionKey(collection.id),
  entity: 'collection',
  ...collectionIndexes(collection),
  ...(requestPointer ? { requestPointer } : {}),
  ...collectionMapping.toItem(collection),
});

export const debitItem = (collectionId: string, debit: Debit) => ({
  ...debitKey(collectionId, debit.dueId),
  entity: 'debit',
  ...debitMapping.toItem(debit),
});

export const dueItem = (contractId: string, due: v.InferOutput<typeof DueRecord>) => ({
  ...dueKey(contractId, due.id),
  entity: 'due',
  contractId,
  ...dueMapping.toItem(due),
});

// A pointer outlives the Idempotency-Key's 24 hours: the request it serves cannot come back later.
const pointerSeconds = 25 * 60 * 60;

export const requestPointerItem = (idempotencyRecord: string, collectionId: string, now: Date) => ({
  ...requestPointerKey(idempotencyRecord),
  entity: 'collectionRequest',
  collectionId,
  [tableDesign.timeToLiveAttribute]: Math.floor(now.getTime() / 1000) + pointerSeconds,
});
