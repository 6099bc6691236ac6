import { itemId, type KeyShape, keyPattern } from '../db/key-shape.ts';
import { recordMapping } from '../db/record-mapping.ts';
import type { RecordKind } from '../db/record-store.ts';
import { tableDesign } from '../db/table-design.ts';
import { eventRetentionSeconds } from '../outbox/outbox.ts';
import { type DeliveryRecord, DeliveryRecord as DeliveryRecordSchema, type Webhook, WebhookRecord } from './schema.ts';

/**
 * Where webhooks and their delivery attempts live in the table (see docs/architecture.md,
 * "Access patterns"). A webhook's item holds its secret encrypted
 * (`encryptedSecret`), which no response ever carries. Attempts share the
 * webhook's partition key and expire like events, after 30 days.
 */
export const webhookKey = (id: string) => ({ pk: `WEBHOOK#${id}`, sk: 'WEBHOOK' });
export const webhookEntity = 'webhook';

/** Every webhook by id (gsi1); the active or disabled ones (gsi2): the dispatcher reads the active ones. */
export const webhookListPartition = 'WEBHOOKS';
export const webhookStatusPartition = (status: Webhook['status']) => `WEBHOOKS#${status.toUpperCase()}`;
export const webhookListKey: KeyShape = {
  pk: keyPattern('WEBHOOK#', itemId),
  sk: keyPattern('WEBHOOK'),
  indexSort: keyPattern(itemId),
};

const mapping = recordMapping(WebhookRecord);

export const webhookFromItem = mapping.fromItem;

export const webhookItem = (webhook: Webhook, encryptedSecret: string) => ({
  ...webhookKey(webhook.id),
  entity: webhookEntity,
  ...webhookIndexAttributes(webhook),
  ...mapping.toItem(webhook),
  encryptedSecret,
});

export const webhookIndexAttributes = (webhook: Pick<Webhook, 'id' | 'status'>) => ({
  gsi1pk: webhookListPartition,
  gsi1sk: webhook.id,
  gsi2pk: webhookStatusPartition(webhook.status),
  gsi2sk: webhook.id,
});

/**
 * Webhooks as the generic reads and replace see them (`shared/db/record-store.ts`):
 * a replace writes the record and its index keys, never the secret.
 */
export const webhookRecords: RecordKind<Webhook> = {
  entity: 'webhook',
  fromItem: webhookFromItem,
  toItem: (webhook) => ({ ...webhookIndexAttributes(webhook), ...webhook }),
};

/** A webhook's attempts, newest first (gsi3). */
export const deliveryListPartition = (webhookId: string) => `WEBHOOK#${webhookId}#DELIVERIES`;
export const deliveryKey = (webhookId: string, id: string) => ({ pk: `WEBHOOK#${webhookId}`, sk: `DELIVERY#${id}` });
/** The key of one webhook's attempts as their list reads it. */
export const deliveryListKey = (webhookId: string): KeyShape => ({
  pk: keyPattern(`WEBHOOK#${webhookId}`),
  sk: keyPattern('DELIVERY#', itemId),
  indexSort: keyPattern(itemId),
});

const deliveryMapping = recordMapping(DeliveryRecordSchema);

export const deliveryFromItem = deliveryMapping.fromItem;

export const deliveryItem = (webhookId: string, delivery: DeliveryRecord) => ({
  ...deliveryKey(webhookId, delivery.id),
  entity: 'webhookDelivery',
  gsi3pk: deliveryListPartition(webhookId),
  gsi3sk: delivery.id,
  [tableDesign.timeToLiveAttribute]: Math.floor(Date.parse(delivery.attemptedAt) / 1000) + eventRetentionSeconds,
  webhookId,
  ...deliveryMapping.toItem(delivery),
});
