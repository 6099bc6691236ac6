import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliveryDependencies } from '#shared/webhooks/delivery-store.ts';
import { type DeliveryMessage, handleDelivery } from '#shared/webhooks/delivery-worker.ts';
import { configuredDeliveryQueue, processSqsBatch } from '#shared/webhooks/sqs-queue.ts';

/**
 * One attempt per message of the FIFO delivery queue (BatchSize 1, so the
 * receive count is the attempt number); a retry hides the message until its
 * next attempt, as the schedule says.
 */
export const handler = (event: SQSEvent): Promise<SQSBatchResponse> =>
  processSqsBatch<DeliveryMessage>(
    event.Records,
    (message) => handleDelivery(message, deliveryDependencies()),
    configuredDeliveryQueue<DeliveryMessage>(),
  );
