import { eventOfRecord, type StreamRecordLike } from '../events/stream-record.ts';
import { logger } from '../http/logger.ts';
import type { ActiveWebhook } from './delivery-store.ts';
import { type DeliveryMessage, deliveriesOf } from './delivery-worker.ts';
import type { DeliveryQueue } from './queue.ts';

export interface DispatchDependencies {
  activeWebhooks(): Promise<ActiveWebhook[]>;
  queue: DeliveryQueue<DeliveryMessage>;
}

/**
 * Queues one delivery per event and active webhook that subscribed to its
 * type (and existed when it happened), in stream order, so that each group (webhook and resource) gets its
 * events in the order they happened. The active webhooks are read once per
 * batch, with one Query.
 *
 * Answers the sequence number of the first record not fully dispatched, or
 * undefined when every one was: the stream hands that record and every later
 * one out again (partial batch failure), and the queue's deduplication id
 * (event and webhook) drops what was already sent (at least once, never lost).
 */
export const dispatchRecords = async (
  records: readonly StreamRecordLike[],
  dependencies: DispatchDependencies,
): Promise<string | undefined> => {
  const events = records.map((record) => ({ record, event: eventOfRecord(record) }));
  const firstEvent = events.find(({ event }) => event);
  if (!firstEvent) return undefined;
  let webhooks: ActiveWebhook[];
  try {
    webhooks = await dependencies.activeWebhooks();
  } catch (error) {
    logger.error('Active webhooks could not be read', { error: String(error) });
    return firstEvent.record.dynamodb?.SequenceNumber;
  }
  for (const { record, event } of events) {
    if (!event) continue;
    try {
      // An event goes to the endpoints that existed when it happened, not to one created since.
      const subscribers = webhooks.filter((webhook) => webhook.createdAt <= event.occurredAt);
      // Each delivery of one event goes to another group: no order among them.
      await Promise.all(
        deliveriesOf(event, subscribers).map(({ body, options }) => dependencies.queue.send(body, options)),
      );
    } catch (error) {
      logger.error('Event could not be queued for delivery', { eventId: event.id, error: String(error) });
      return record.dynamodb?.SequenceNumber;
    }
  }
  return undefined;
};
