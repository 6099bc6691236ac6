import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#shared/db/client.ts';
import type { BenchEvent } from '../events.ts';
import { json } from './reply.ts';

/** One page of a list: one Query on an index for `limit` items and one more that tells whether a next page exists. */
export const listPage = async (
  event: BenchEvent,
  index: { name: string; partitionKey: string; partition: string; newestFirst?: boolean },
) => {
  const limit = Number(event.queryStringParameters?.limit ?? 25);
  const cursor = event.queryStringParameters?.cursor;
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': index.partitionKey },
      ExpressionAttributeValues: { ':pk': index.partition },
      Limit: limit + 1,
      ScanIndexForward: !index.newestFirst,
      ExclusiveStartKey: cursor ? JSON.parse(Buffer.from(cursor, 'base64url').toString()) : undefined,
    }),
  );
  return json(200, { items: Items.slice(0, limit) });
};
