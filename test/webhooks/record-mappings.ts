import { deliveryFromItem, deliveryItem, webhookFromItem, webhookItem } from '#shared/webhooks/entity.ts';
import { DeliveryRecord, WebhookRecord } from '#shared/webhooks/schema.ts';
import type { RecordMappingCase } from '../support/record-mapping-case.ts';

const attemptedAt = '2026-01-01T00:00:00.000Z';

export const recordMappings: readonly RecordMappingCase[] = [
  {
    name: 'Webhook',
    mappedAs: ['WebhookRecord'],
    schema: WebhookRecord,
    toItem: (record) => webhookItem(record as never, 'encrypted secret'),
    fromItem: webhookFromItem,
  },
  {
    name: 'WebhookDelivery',
    mappedAs: ['DeliveryRecordSchema'],
    schema: DeliveryRecord,
    toItem: (record) => deliveryItem('01JD0000000000000000000000', { ...record, attemptedAt } as never),
    fromItem: deliveryFromItem,
    pinned: { attemptedAt },
  },
];
