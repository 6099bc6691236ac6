import { tableName } from '../db/client.ts';
import { ConditionFailed, NotFound, PreconditionFailed } from '../db/errors.ts';
import { type Page, type PageRequest, queryPage } from '../db/query-page.ts';
import { getExistingRecord, getRecord } from '../db/record-store.ts';
import { checkPrecondition } from '../db/versioned.ts';
import { write } from '../db/write.ts';
import type { VersionPrecondition } from '../http/if-match.ts';
import {
  deliveryFromItem,
  deliveryListKey,
  deliveryListPartition,
  webhookFromItem,
  webhookKey,
  webhookListKey,
  webhookListPartition,
  webhookRecords,
} from './entity.ts';
import type { DeliveryRecord, Webhook } from './schema.ts';

/*
 * Webhook changes write no events of their own: the event types (docs/events-and-webhooks.md) announce changes
 * of the studio's data, and a webhook is the studio's plumbing.
 */

export const getWebhook = (id: string): Promise<Webhook | undefined> => getRecord(webhookRecords, webhookKey(id));

export const getExistingWebhook = (id: string): Promise<Webhook> => getExistingRecord(webhookRecords, webhookKey(id));

/** Every webhook, oldest first. */
export const listWebhooks = (request: PageRequest): Promise<Page<Webhook>> =>
  queryPage({
    ...request,
    index: 'gsi1',
    partition: webhookListPartition,
    itemKey: webhookListKey,
    toRecord: webhookFromItem,
  });

/**
 * Deletes the webhook: nothing more is delivered to it, not even attempts
 * already queued. Its attempts stay until they expire.
 */
export const deleteWebhook = async (id: string, ifMatch: VersionPrecondition | undefined): Promise<void> => {
  const current = await getExistingWebhook(id);
  checkPrecondition(ifMatch, current.version);
  try {
    await write([
      {
        Delete: {
          TableName: tableName(),
          Key: webhookKey(id),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
    ]);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    if (!error.itemAt(0)) throw new NotFound('webhook');
    throw new PreconditionFailed(undefined);
  }
};

/** The webhook's delivery attempts of the last 30 days, newest first: one Query per page. */
export const listDeliveries = async (webhookId: string, request: PageRequest): Promise<Page<DeliveryRecord>> => {
  await getExistingWebhook(webhookId);
  return queryPage({
    ...request,
    index: 'gsi3',
    partition: deliveryListPartition(webhookId),
    newestFirst: true,
    itemKey: deliveryListKey(webhookId),
    toRecord: deliveryFromItem,
  });
};
