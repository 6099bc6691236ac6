import { streamFunction } from '#shared/background/stream-function.ts';
import { activeWebhooks } from '#shared/webhooks/delivery-store.ts';
import type { DeliveryMessage } from '#shared/webhooks/delivery-worker.ts';
import { dispatcherRecords } from '#shared/webhooks/dispatcher.ts';
import { configuredDeliveryQueue } from '#shared/webhooks/sqs-queue.ts';

/**
 * Every inserted event item from the table's stream (its trigger in shared/webhooks/area.ts): each event goes to
 * the delivery queue once per subscribed webhook. A failure names its record, so the stream resumes there.
 */
export const handler = streamFunction(
  'webhooks-dispatch',
  dispatcherRecords({
    activeWebhooks,
    // Made on first use, not at import: loading the module needs no queue.
    queue: { send: (body, options) => configuredDeliveryQueue<DeliveryMessage>().send(body, options) },
  }),
);
