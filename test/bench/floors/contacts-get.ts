import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { contactKey } from '#shared/contacts/keys.ts';
import { documentClient, tableName } from '#shared/db/client.ts';
import type { BenchEvent } from '../events.ts';
import { json, pathId } from './reply.ts';

/** GET /api/contacts/{id}: one GetItem. */
export const handler = async (event: BenchEvent) => {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: contactKey(pathId(event)) }),
  );
  return Item ? json(200, Item) : json(404);
};
