import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#shared/db/client.ts';
import { newId } from '#shared/http/ids.ts';
import type { BenchEvent } from '../events.ts';
import { type ContactFields, contactItem, emailClaimItem } from './contact-item.ts';
import { bodyOf, callerSub, json } from './reply.ts';

/** POST /api/contacts: one transaction that writes the contact and claims its email. */
export const handler = async (event: BenchEvent) => {
  const now = new Date().toISOString();
  const sub = callerSub(event);
  const contact = {
    id: newId(),
    ...bodyOf<ContactFields>(event),
    createdAt: now,
    createdBy: sub,
    updatedAt: now,
    updatedBy: sub,
    version: 1,
  };
  const TableName = tableName();
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName, Item: contactItem(contact), ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Put: {
            TableName,
            Item: emailClaimItem(contact.email, contact.id),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
  return json(201, contact);
};
