import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { contactKey } from '#shared/contacts/keys.ts';
import { documentClient, tableName } from '#shared/db/client.ts';
import { updateExpression } from '#shared/db/update-expression.ts';
import type { BenchEvent } from '../events.ts';
import { type ContactFields, contactIndexAttributes } from './contact-item.ts';
import { bodyOf, callerSub, json, pathId } from './reply.ts';

/** PUT /api/contacts/{id} with the same email: GetItem, then the versioned update (alone: no claim moves). */
export const handler = async (event: BenchEvent) => {
  const TableName = tableName();
  const Key = contactKey(pathId(event));
  const { Item } = await documentClient.send(new GetCommand({ TableName, Key }));
  if (!Item) return json(404);
  const next = {
    ...bodyOf<ContactFields>(event),
    createdBy: Item.createdBy,
    updatedAt: new Date().toISOString(),
    updatedBy: callerSub(event),
    version: Item.version + 1,
  };
  const update = updateExpression({ ...next, ...contactIndexAttributes({ ...next, id: Item.id }) });
  await documentClient.send(
    new UpdateCommand({
      TableName,
      Key,
      ...update,
      ConditionExpression: 'version = :expectedVersion',
      ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':expectedVersion': Item.version },
    }),
  );
  return json(200, { ...Item, ...next });
};
