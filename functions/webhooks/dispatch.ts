import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { activeWebhooks } from '#shared/webhooks/delivery-store.ts';
import type { DeliveryMessage } from '#shared/webhooks/delivery-worker.ts';
import { dispatchRecords } from '#shared/webhooks/dispatcher.ts';
import { sqsQueue } from '#shared/webhooks/sqs-queue.ts';

let queue: ReturnType<typeof sqsQueue<DeliveryMessage>> | undefined;
// Made on the first invocation rather than at import, so that loading the module (tests, tools) needs no queue.
const deliveryQueue = () => {
  const queueUrl = process.env.DELIVERY_QUEUE_URL;
  if (!queueUrl) throw new Error('DELIVERY_QUEUE_URL is not set');
  queue ??= sqsQueue<DeliveryMessage>(queueUrl);
  return queue;
};

/**
 * The table's stream, filtered to inserted event items by the event source
 * mapping: each event goes to the delivery queue once per subscribed webhook.
 * A failure names its record, so the stream resumes there (ReportBatchItemFailures).
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const failed = await dispatchRecords(event.Records, { activeWebhooks, queue: deliveryQueue() });
  return { batchItemFailures: failed ? [{ itemIdentifier: failed }] : [] };
};
