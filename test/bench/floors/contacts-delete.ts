import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { contactKey, emailClaimKey } from '#shared/contacts/keys.ts';
import { documentClient, tableName } from '#shared/db/client.ts';
import type { BenchEvent } from '../events.ts';
import { json, pathId } from './reply.ts';

/** DELETE /api/contacts/{id}: GetItem, then one transaction that deletes the contact and releases its email. */
export const handler = async (event: BenchEvent) => {
  const TableName = tableName();
  const id = pathId(event);
  const { Item } = await documentClient.send(new GetCommand({ TableName, Key: contactKey(id) }));
  if (!Item) return json(404);
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName,
            Key: contactKey(id),
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(hasContracts) AND version = :version',
            ExpressionAttributeValues: { ':version': Item.version },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        {
          Delete: {
            TableName,
            Key: emailClaimKey(Item.email),
            ConditionExpression: 'contactId = :contactId',
            ExpressionAttributeValues: { ':contactId': id },
          },
        },
      ],
    }),
  );
  return json(204);
};
