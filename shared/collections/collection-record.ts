import * as v from 'valibot';
import { dateRecord } from '../contracts/fields.ts';
import { money } from '../schema/fields.ts';
import { recordId, recordVersion, timestamp, userSub } from '../schema/record.ts';

/*
 * A stored collection's record (docs/collections.md), apart from what the API takes (shared/collections/schema.ts):
 * the functions that only read collections (the member's account) carry neither the inputs' rules nor their texts.
 */

/** `building` while its dues are claimed (a crash leaves it so until a later create finishes it); then `created`. */
export const collectionStatuses = ['building', 'created'] as const;
export type CollectionStatus = (typeof collectionStatuses)[number];

export const CollectionRecord = v.object({
  id: recordId(),
  status: v.picklist(collectionStatuses),
  collectionDate: dateRecord(),
  /** The studio as the creditor when the collection was made: who collects, into which account. */
  creditor: v.object({ name: v.string(), creditorId: v.string(), iban: v.string(), bic: v.nullable(v.string()) }),
  count: v.pipe(v.number(), v.integer(), v.minValue(0)),
  total: money(),
  /** The ids of its dues, each the `EndToEndId` of its debit. */
  dues: v.array(v.string()),
  createdAt: timestamp(),
  createdBy: userSub(),
  updatedAt: timestamp(),
  version: recordVersion(),
});
export type Collection = v.InferOutput<typeof CollectionRecord>;

/** A debit's sequence type: the first of its mandate, or a recurring one. */
export const sequenceTypes = ['FRST', 'RCUR'] as const;
