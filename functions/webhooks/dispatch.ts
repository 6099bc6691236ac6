import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { activeWebhooks } from '#shared/webhooks/delivery-store.ts';
import type { DeliveryMessage } from '#shared/webhooks/delivery-worker.ts';
import { dispatchRecords } from '#shared/webhooks/dispatcher.ts';
import { configuredDeliveryQueue } from '#shared/webhooks/sqs-queue.ts';

/**
 * The table's stream, filtered to inserted event items by the event source
 * mapping: each event goes to the delivery queue once per subscribed webhook.
 * A failure names its record, so the stream resumes there (ReportBatchItemFailures).
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const failed = await dispatchRecords(event.Records, {
    activeWebhooks,
    queue: configuredDeliveryQueue<DeliveryMessage>(),
  });
  return { batchItemFailures: failed ? [{ itemIdentifier: failed }] : [] };
};
