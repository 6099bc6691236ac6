import type { DeliveryMessage } from '#shared/webhooks/delivery-worker.ts';
import { localEventQueueFolder } from './event-queue/local-queue.ts';
import { startLocalQueueWorker } from './event-queue/worker.ts';
import { localEventStreamFile, startLocalEventStream } from './event-stream.ts';

export interface LocalEventDeliveryOptions {
  /** The data folder: the queue lives in `event-queue/`, the stream position in `event-stream/`. */
  dataDir: string;
  /** The DynamoDB (Local) whose table stream is read. */
  endpoint: string;
  tableName: string;
  pollIntervalMs?: number;
}

export interface LocalEventDelivery {
  stop(): Promise<void>;
}

/**
 * The background work of §12 run in this process, as the stack runs it in
 * Lambda: the table's stream → the dispatcher → the delivery queue → the
 * delivery handler. The shared code is imported here, after `connectHandlers`
 * has pointed this process at the local table (the data layer's client reads
 * its endpoint when it is loaded).
 */
export const startLocalEventDelivery = async (options: LocalEventDeliveryOptions): Promise<LocalEventDelivery> => {
  const [{ activeWebhooks, deliveryDependencies }, { handleDelivery }, { dispatchRecords }] = await Promise.all([
    import('#shared/webhooks/delivery-store.ts'),
    import('#shared/webhooks/delivery-worker.ts'),
    import('#shared/webhooks/dispatcher.ts'),
  ]);
  const worker = startLocalQueueWorker<DeliveryMessage>(
    localEventQueueFolder(options.dataDir),
    (message) => handleDelivery(message, deliveryDependencies()),
    { ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}) },
  );
  const stream = startLocalEventStream({
    endpoint: options.endpoint,
    tableName: options.tableName,
    positionFile: localEventStreamFile(options.dataDir, options.tableName),
    ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
    handle: async (records) => {
      const failed = await dispatchRecords(records, { activeWebhooks, queue: worker.queue });
      worker.wake();
      return failed;
    },
  });
  return {
    stop: async () => {
      await stream.stop();
      await worker.stop();
    },
  };
};
