import { queueFunction } from '#shared/background/queue-function.ts';
import { deliveryDependencies } from '#shared/webhooks/delivery-store.ts';
import { type DeliveryMessage, handleDelivery } from '#shared/webhooks/delivery-worker.ts';
import { configuredDeliveryQueue } from '#shared/webhooks/sqs-queue.ts';

/**
 * One attempt per message of the FIFO delivery queue (its trigger in shared/webhooks/area.ts: batches of 1, so the
 * receive count is the attempt number); a retry hides the message until its next attempt, as the schedule says.
 */
export const handler = queueFunction<DeliveryMessage>('webhooks-deliver', {
  queue: () => configuredDeliveryQueue<DeliveryMessage>(),
  handle: (message) => handleDelivery(message, deliveryDependencies()),
});
