import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#shared/db/client.ts';
import { newId } from '#shared/http/ids.ts';
import { serviceKey } from '#shared/services/keys.ts';
import type { BenchEvent } from '../events.ts';
import { bodyOf, callerSub, json } from './reply.ts';
import { type ServiceFields, serviceIndexAttributes } from './service-item.ts';

/** POST /api/services: one PutItem. */
export const handler = async (event: BenchEvent) => {
  const now = new Date().toISOString();
  const sub = callerSub(event);
  const service = {
    id: newId(),
    ...bodyOf<ServiceFields>(event),
    createdAt: now,
    createdBy: sub,
    updatedAt: now,
    updatedBy: sub,
    version: 1,
  };
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...serviceKey(service.id), entity: 'service', ...serviceIndexAttributes(service), ...service },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return json(201, service);
};
