import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { decodeCursor, encodeCursor, invalidCursor, type PageKey } from './cursor.ts';
import type { KeyShape } from './key-shape.ts';
import { type IndexName, tableDesign } from './table-design.ts';

export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface IndexQuery<T> extends PageRequest {
  index: IndexName;
  partition: string;
  /** Restricts the sort key to those starting with this prefix. */
  sortPrefix?: string;
  newestFirst?: boolean;
  /** Further conditions on the partition's items (bounded by the partition's size). */
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
  toRecord: (item: Record<string, unknown>) => T;
  /** What the listed items' keys look like: a cursor of any other shape is refused. */
  itemKey: KeyShape;
}

const indexDefinition = (name: IndexName) => {
  const found = tableDesign.globalSecondaryIndexes.find((index) => index.indexName === name);
  if (!found) throw new Error(`Unknown index ${name}`);
  return found;
};

/**
 * One page of a list: exactly one Query on an index, reading at most
 * `limit + 1` items whatever the table's size. The extra item only tells
 * whether another page exists, so the last page never comes back empty.
 */
export const queryPage = async <T>(query: IndexQuery<T>): Promise<Page<T>> => {
  const index = indexDefinition(query.index);
  const keyAttributes = [tableDesign.partitionKey, tableDesign.sortKey, index.partitionKey, index.sortKey];
  const startKey = query.cursor
    ? decodeCursor(query.cursor, {
        attributes: keyAttributes,
        partition: [index.partitionKey, query.partition],
        shape: {
          [tableDesign.partitionKey]: query.itemKey.pk,
          [tableDesign.sortKey]: query.itemKey.sk,
          [index.sortKey]: query.itemKey.indexSort,
        },
        ...(query.sortPrefix ? { sortPrefix: [index.sortKey, query.sortPrefix] as [string, string] } : {}),
      })
    : undefined;

  const result = await documentClient
    .send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.indexName,
        KeyConditionExpression: query.sortPrefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
        ...(query.filter ? { FilterExpression: query.filter.expression } : {}),
        ExpressionAttributeNames: {
          '#pk': index.partitionKey,
          ...(query.sortPrefix ? { '#sk': index.sortKey } : {}),
          ...query.filter?.names,
        },
        ExpressionAttributeValues: {
          ':pk': query.partition,
          ...(query.sortPrefix ? { ':prefix': query.sortPrefix } : {}),
          ...query.filter?.values,
        },
        Limit: query.limit + 1,
        ScanIndexForward: !query.newestFirst,
        ExclusiveStartKey: startKey,
      }),
    )
    .catch((error: unknown) => {
      // The cursor's key passed our checks yet DynamoDB refuses it as a start key: still the caller's cursor.
      if (startKey && error instanceof Error && error.name === 'ValidationException') throw invalidCursor();
      throw error;
    });

  const items = result.Items ?? [];
  const pageItems = items.slice(0, query.limit);
  const last = pageItems.at(-1);
  // Past the extra item the page's last key is where the next one starts; a
  // page cut short by the 1 MB read limit or thinned by a filter goes on from
  // where DynamoDB stopped reading.
  const nextKey: PageKey | undefined =
    items.length > query.limit && last
      ? Object.fromEntries(keyAttributes.map((name) => [name, String(last[name])]))
      : (result.LastEvaluatedKey as PageKey | undefined);
  return { items: pageItems.map(query.toRecord), nextCursor: nextKey ? encodeCursor(nextKey) : null };
};
