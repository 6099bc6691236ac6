import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#shared/db/client.ts';
import { serviceKey } from '#shared/services/keys.ts';
import type { BenchEvent } from '../events.ts';
import { json, pathId } from './reply.ts';

/** GET /api/services/{id}: one GetItem. */
export const handler = async (event: BenchEvent) => {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: serviceKey(pathId(event)) }),
  );
  return Item ? json(200, Item) : json(404);
};
