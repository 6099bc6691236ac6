import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliveryDependencies } from '#shared/webhooks/delivery-store.ts';
import { type DeliveryMessage, handleDelivery } from '#shared/webhooks/delivery-worker.ts';
import { processSqsBatch, sqsQueue } from '#shared/webhooks/sqs-queue.ts';

let queue: ReturnType<typeof sqsQueue<DeliveryMessage>> | undefined;
// Made on the first invocation rather than at import, so that loading the module (tests, tools) needs no queue.
const deliveryQueue = () => {
  const queueUrl = process.env.DELIVERY_QUEUE_URL;
  if (!queueUrl) throw new Error('DELIVERY_QUEUE_URL is not set');
  queue ??= sqsQueue<DeliveryMessage>(queueUrl);
  return queue;
};

/**
 * One attempt per message of the FIFO delivery queue (BatchSize 1, so the
 * receive count is the attempt number); a retry hides the message until its
 * next attempt, as the schedule says.
 */
export const handler = (event: SQSEvent): Promise<SQSBatchResponse> =>
  processSqsBatch<DeliveryMessage>(
    event.Records,
    (message) => handleDelivery(message, deliveryDependencies()),
    deliveryQueue(),
  );
