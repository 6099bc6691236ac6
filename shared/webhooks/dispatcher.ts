import { processStreamRecords, type StreamRecordHandler } from '../background/stream-function.ts';
import type { StreamRecordLike } from '../events/stream-record.ts';
import type { ActiveWebhook } from './delivery-store.ts';
import { type DeliveryMessage, deliveriesOf } from './delivery-worker.ts';
import type { DeliveryQueue } from './queue.ts';

export interface DispatchDependencies {
  activeWebhooks(): Promise<ActiveWebhook[]>;
  queue: DeliveryQueue<DeliveryMessage>;
}

/**
 * The dispatcher's record handler: queues one delivery per event and active webhook that subscribed to its type
 * (and existed when it happened), in stream order, so that each group (webhook and resource) gets its events in
 * the order they happened. The active webhooks are read once per batch, with one Query.
 *
 * A record not fully dispatched fails, and the stream hands it and every later one out again (partial batch
 * failure); the queue's deduplication id (event and webhook) drops what was already sent (at least once, never lost).
 */
export const dispatcherRecords = (dependencies: DispatchDependencies): StreamRecordHandler<ActiveWebhook[]> => ({
  prepare: { run: () => dependencies.activeWebhooks(), failure: 'Active webhooks could not be read' },
  handle: async (event, webhooks) => {
    // An event goes to the endpoints that existed when it happened, not to one created since.
    const subscribers = webhooks.filter((webhook) => webhook.createdAt <= event.occurredAt);
    // Each delivery of one event goes to another group: no order among them.
    await Promise.all(
      deliveriesOf(event, subscribers).map(({ body, options }) => dependencies.queue.send(body, options)),
    );
  },
  failure: 'Event could not be queued for delivery',
});

/** Dispatches a batch; answers the sequence number of the first record not fully dispatched, or undefined. */
export const dispatchRecords = (
  records: readonly StreamRecordLike[],
  dependencies: DispatchDependencies,
): Promise<string | undefined> => processStreamRecords(records, dispatcherRecords(dependencies));
