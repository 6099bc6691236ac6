import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';
import { NotFound } from '../db/errors.ts';
import { type Page, type PageRequest, queryPage } from '../db/query-page.ts';
import type { Collection } from './collection-record.ts';
import {
  collectionFromItem,
  collectionKey,
  collectionListKey,
  collectionListPartition,
  collectionPartition,
  type Debit,
  debitFromItem,
  debitSortPrefix,
} from './entity.ts';
import { queryAll } from './query-all.ts';

/** A collection as stored, with the pointer of the request that began it, if it had an Idempotency-Key. */
export const getCollectionItem = async (id: string): Promise<Record<string, unknown> | undefined> =>
  (await documentClient.send(new GetCommand({ TableName: tableName(), Key: collectionKey(id), ConsistentRead: true })))
    .Item;

export const getCollection = async (id: string): Promise<Collection | undefined> => {
  const item = await getCollectionItem(id);
  return item ? collectionFromItem(item) : undefined;
};

export const getExistingCollection = async (id: string): Promise<Collection> => {
  const collection = await getCollection(id);
  if (!collection) throw new NotFound('collection');
  return collection;
};

/** Every debit of a collection, by due id: one Query of its partition (about 2 pages for 2,000 debits). */
export const debitsOf = async (collectionId: string): Promise<Debit[]> =>
  (
    await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :debit)',
      ExpressionAttributeValues: { ':pk': collectionPartition(collectionId), ':debit': debitSortPrefix },
      ConsistentRead: true,
    })
  ).map(debitFromItem);

/** Newest first (ids are ULIDs), on gsi1. */
export const listCollections = (request: PageRequest): Promise<Page<Collection>> =>
  queryPage({
    ...request,
    index: 'gsi1',
    partition: collectionListPartition,
    newestFirst: true,
    itemKey: collectionListKey,
    toRecord: collectionFromItem,
  });
