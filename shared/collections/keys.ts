import { contractPartition } from '../contracts/keys.ts';

/*
 * The partitions and keys of collections, debits and stored dues, apart from entity.ts and its schemas: the
 * privacy export reads a person's dues and debits by these keys without bundling the collections' schemas and texts.
 */
export const collectionPartition = (id: string) => `COLLECTION#${id}`;
export const collectionKey = (id: string) => ({ pk: collectionPartition(id), sk: 'COLLECTION' });
export const debitSortPrefix = 'DEBIT#';
export const debitKey = (collectionId: string, dueId: string) => ({
  pk: collectionPartition(collectionId),
  sk: `${debitSortPrefix}${dueId}`,
});
export const dueSortPrefix = 'DUE#';
export const dueKey = (contractId: string, dueId: string) => ({
  pk: contractPartition(contractId),
  sk: `${dueSortPrefix}${dueId}`,
});
