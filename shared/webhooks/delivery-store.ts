import { GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';
import { getRecord, writeNextVersion } from '../db/record-store.ts';
import { nextVersion, replaceWithRetry } from '../db/versioned.ts';
import { write } from '../db/write.ts';
import { newId } from '../http/ids.ts';
import { logger } from '../http/logger.ts';
import type { DeliveryAttempt, DeliveryDependencies, DeliveryWebhook } from './delivery-worker.ts';
import { configuredDestinationMode } from './destination.ts';
import { deliveryItem, webhookKey, webhookRecords, webhookStatusPartition } from './entity.ts';
import { retrySchedule } from './schedule.ts';
import type { DeliveryRecord } from './schema.ts';
import { configuredSecretBox } from './secret-box.ts';

/** What the dispatcher needs of a webhook: never its URL or secret. */
export type ActiveWebhook = Pick<DeliveryWebhook, 'id' | 'status' | 'types'> & { createdAt: string };

/**
 * The active webhooks: one Query on their index partition, reading only id,
 * status, types and creation time. A studio has a handful; should they ever fill more than
 * one 1 MB page, the next pages are read as well rather than skipped.
 */
export const activeWebhooks = async (): Promise<ActiveWebhook[]> => {
  const found: ActiveWebhook[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page: QueryCommandOutput = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :partition',
        ProjectionExpression: 'id, #status, #types, createdAt',
        ExpressionAttributeNames: { '#status': 'status', '#types': 'types' },
        ExpressionAttributeValues: { ':partition': webhookStatusPartition('active') },
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...((page.Items ?? []) as ActiveWebhook[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
};

const loadWebhook = async (id: string): Promise<DeliveryWebhook | undefined> => {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: webhookKey(id),
      ProjectionExpression: 'id, #url, #status, #types, encryptedSecret',
      ExpressionAttributeNames: { '#url': 'url', '#status': 'status', '#types': 'types' },
    }),
  );
  return Item as DeliveryWebhook | undefined;
};

const putDelivery = (webhookId: string, delivery: DeliveryRecord) =>
  write([{ Put: { TableName: tableName(), Item: deliveryItem(webhookId, delivery) } }]);

/** After a 410 Gone: a new version with `status: "disabled"`, made by nobody (`updatedBy: null`). */
const disableWebhook = (id: string): Promise<void> =>
  // Should the owner change it meanwhile, the write's version condition fails and the fresh version is looked at again.
  replaceWithRetry(undefined, async () => {
    const current = await getRecord(webhookRecords, webhookKey(id));
    if (current?.status !== 'active') return;
    await writeNextVersion(
      webhookRecords,
      webhookKey(id),
      nextVersion(current, { status: 'disabled', updatedBy: null }),
    );
  });

/** The store functions of one message's delivery. */
export const deliveryDependencies = (): DeliveryDependencies => ({
  loadWebhook,
  recordAttempt: (attempt: DeliveryAttempt) =>
    putDelivery(attempt.webhookId, {
      id: newId(Date.parse(attempt.attemptedAt)),
      eventId: attempt.eventId,
      attempt: attempt.attempt,
      attemptedAt: attempt.attemptedAt,
      status: attempt.status,
      durationMs: attempt.durationMs,
      error: attempt.givenUp
        ? `${attempt.error ?? 'Not delivered'}; given up after ${attempt.attempt} attempts`
        : attempt.error,
    }),
  disableWebhook,
  markFailed: async ({ webhookId, eventId, attempts }) => {
    // Ids only: the log holds no personal data.
    logger.warn('Webhook delivery given up', { webhookId, eventId, attempts });
  },
  secrets: configuredSecretBox(),
  mode: configuredDestinationMode(),
  schedule: retrySchedule(),
});
