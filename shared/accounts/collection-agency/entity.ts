import { contractPartition } from '../../contracts/keys.ts';
import { itemId, type KeyShape, keyPattern } from '../../db/key-shape.ts';
import { recordMapping } from '../../db/record-mapping.ts';
import { type Handover, HandoverRecord } from './schema.ts';

/*
 * Each handover an item in the contract's partition, `DUNNING#HANDOVER#<number>` (read with the account's one Query).
 * While the agency works on it, it carries `gsi1pk = DEBT_COLLECTION`: a sparse index of exactly the accounts handed
 * over, which `GET /api/debt-collection` queries (never a Scan); its closure removes the attribute.
 */
export const handoverSortPrefix = 'DUNNING#HANDOVER#';
export const debtCollectionPartition = 'DEBT_COLLECTION';
export const handoverKey = (contractId: string, number: number) => ({
  pk: contractPartition(contractId),
  sk: `${handoverSortPrefix}${String(number).padStart(3, '0')}`,
});

/** What an open handover's keys look like on the index: a debt-collection cursor of any other shape is refused. */
export const debtorListKey: KeyShape = {
  pk: keyPattern('CONTRACT#', itemId),
  sk: keyPattern(handoverSortPrefix, /\d{3,}/),
  indexSort: keyPattern(/\d{4}-\d{2}-\d{2}/, '#', itemId),
};

const mapping = recordMapping(HandoverRecord);
export const handoverFromItem = mapping.fromItem;
export const handoverItem = (handover: Handover) => ({
  ...handoverKey(handover.contractId, handover.number),
  entity: 'handover',
  ...mapping.toItem(handover),
  ...(handover.outcome === null
    ? { gsi1pk: debtCollectionPartition, gsi1sk: `${handover.handedOverOn}#${handover.contractId}` }
    : {}),
});
