import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#shared/db/client.ts';
import { updateExpression } from '#shared/db/update-expression.ts';
import { serviceKey } from '#shared/services/keys.ts';
import type { BenchEvent } from '../events.ts';
import { bodyOf, callerSub, json, pathId } from './reply.ts';
import { type ServiceFields, serviceIndexAttributes } from './service-item.ts';

/** PUT /api/services/{id}: GetItem, then one versioned UpdateItem. */
export const handler = async (event: BenchEvent) => {
  const TableName = tableName();
  const Key = serviceKey(pathId(event));
  const { Item } = await documentClient.send(new GetCommand({ TableName, Key }));
  if (!Item) return json(404);
  const next = {
    ...bodyOf<ServiceFields>(event),
    createdBy: Item.createdBy,
    updatedAt: new Date().toISOString(),
    updatedBy: callerSub(event),
    version: Item.version + 1,
  };
  const update = updateExpression({ ...next, ...serviceIndexAttributes({ ...next, id: Item.id }) });
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
