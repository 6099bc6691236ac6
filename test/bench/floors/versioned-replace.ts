import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#shared/db/client.ts';
import { updateExpression } from '#shared/db/update-expression.ts';
import type { BenchEvent } from '../events.ts';
import { bodyOf, callerSub, json, pathId } from './reply.ts';

/**
 * The floor of a PUT that moves no uniqueness claim: GetItem, then one
 * versioned UpdateItem, the same calls as the store's replace.
 */
export const versionedReplaceFloor =
  <Fields extends object>(
    keyOf: (id: string) => Record<string, string>,
    indexAttributes: (record: Fields & { id: string }) => Record<string, unknown>,
  ) =>
  async (event: BenchEvent) => {
    const TableName = tableName();
    const Key = keyOf(pathId(event));
    const { Item } = await documentClient.send(new GetCommand({ TableName, Key }));
    if (!Item) return json(404);
    const next = {
      ...bodyOf<Fields>(event),
      createdBy: Item.createdBy,
      updatedAt: new Date().toISOString(),
      updatedBy: callerSub(event),
      version: Item.version + 1,
    };
    const update = updateExpression({ ...next, ...indexAttributes({ ...next, id: Item.id }) });
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
