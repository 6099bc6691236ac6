import type { QueueFunctionHandler } from '#shared/background/queue-function.ts';
import type { ScheduledFunctionHandler } from '#shared/background/scheduled-function.ts';
import type { StreamFunctionHandler } from '#shared/background/stream-function.ts';
import {
  type AreaBackgroundFunction,
  type BackgroundTrigger,
  backgroundFunctions,
  type QueueName,
  type StreamTrigger,
} from '#shared/routes.ts';
import type { DeliveryQueue } from '#shared/webhooks/queue.ts';
import { useDeliveryQueue } from '#shared/webhooks/sqs-queue.ts';
import { type LocalQueue, localEventQueueFolder, openLocalQueue } from './event-queue/local-queue.ts';
import { type LocalQueueWorker, startLocalQueueWorker } from './event-queue/worker.ts';
import { localEventStreamFile, startLocalEventStream } from './event-stream.ts';
import { loadHandler } from './handler-loader.ts';

/** Once an hour, as the issue of retention asked of `npm start` (AWS runs a schedule daily). */
const hourMs = 60 * 60 * 1000;

/**
 * The queues of the root stack as folders under the data folder (infra/local/event-queue/), each put in place of
 * its SQS queue for the functions of this process that send to it.
 */
const localQueues: Record<
  QueueName,
  { folder: (dataDir: string) => string; use: (queue: DeliveryQueue<unknown>) => void }
> = {
  'webhook-deliveries': { folder: localEventQueueFolder, use: useDeliveryQueue },
};

export interface LocalBackgroundFunctionsOptions {
  /** The data folder: queues in `event-queue/`, stream positions in `event-stream/<table>.<function>.json`. */
  dataDir: string;
  /** The DynamoDB (Local) whose table stream is read. */
  endpoint: string;
  tableName: string;
  pollIntervalMs?: number;
  /** The functions to run, by name: every declared one unless a test names the ones it is about. */
  only?: readonly string[];
}

export interface LocalBackgroundFunctions {
  stop(): Promise<void>;
}

type Declared = AreaBackgroundFunction & { readonly trigger: BackgroundTrigger };

/**
 * Every background function of the areas (`backgroundFunctions` in their area.ts) run in this process as Lambda
 * runs it, by the trigger it names, through the very module Lambda runs: a `stream` trigger by a reader of the
 * table's stream with a position of its own, filtered to its event types; a `schedule` at once (awaited, so that a
 * server started with `STUDIO_CLOCK` past a restriction answers from a purged table) and then hourly on a timer
 * that keeps no process alive; a `queue` by a worker on the queue's folder. A failed scheduled run is reported on
 * stderr and tried again at the next; it never stops the server.
 *
 * Start it after `connectHandlers` has pointed this process at the local table: the handlers are imported here,
 * and the data layer's client reads its endpoint when it is loaded.
 */
export const startLocalBackgroundFunctions = async (
  options: LocalBackgroundFunctionsOptions,
): Promise<LocalBackgroundFunctions> => {
  const { only, pollIntervalMs } = options;
  const chosen = (backgroundFunctions as readonly Declared[]).filter((fn) => !only || only.includes(fn.name));
  const unknown = (only ?? []).filter((name) => !chosen.some((fn) => fn.name === name));
  if (unknown.length) throw new Error(`No background function ${unknown.join(', ')}`);
  const polling = pollIntervalMs ? { pollIntervalMs } : {};
  const stops: (() => Promise<void> | void)[] = [];

  // Queues first: a stream reader may send to one, and its worker wakes at once on a send of this process.
  const workers = new Map<QueueName, LocalQueueWorker<unknown>>();
  for (const fn of chosen.filter((candidate) => 'queue' in candidate.trigger)) {
    const { queue } = fn.trigger as { queue: QueueName };
    const handler = await loadHandler<QueueFunctionHandler<unknown>>(fn.entry);
    const worker = startLocalQueueWorker(localQueues[queue].folder(options.dataDir), handler.message, polling);
    workers.set(queue, worker);
    stops.push(() => worker.stop());
  }
  for (const name of new Set(chosen.flatMap((fn) => (fn.sendsTo ? [fn.sendsTo] : [])))) {
    const worker = workers.get(name);
    const queue: LocalQueue<unknown> = worker?.queue ?? openLocalQueue(localQueues[name].folder(options.dataDir));
    localQueues[name].use({
      send: async (body, sendOptions) => {
        await queue.send(body, sendOptions);
        worker?.wake();
      },
    });
  }

  for (const fn of chosen.filter((candidate) => 'schedule' in candidate.trigger)) {
    const handler = await loadHandler<ScheduledFunctionHandler>(fn.entry);
    const run = async () => {
      try {
        const { summary, failures } = await handler.run();
        console.error(`${summary}${failures.map((failure) => `, ${failure}`).join('')}`);
      } catch (error) {
        console.error(`${fn.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    await run();
    const timer = setInterval(run, hourMs);
    timer.unref();
    stops.push(() => clearInterval(timer));
  }

  const { eventOfRecord } = await import('#shared/events/stream-record.ts');
  for (const fn of chosen.filter((candidate) => 'stream' in candidate.trigger)) {
    const { stream: types } = fn.trigger as StreamTrigger;
    const handler = await loadHandler<StreamFunctionHandler>(fn.entry);
    const reader = startLocalEventStream({
      endpoint: options.endpoint,
      tableName: options.tableName,
      positionFile: localEventStreamFile(options.dataDir, options.tableName, fn.name),
      ...polling,
      // What the event source's filter lets through in AWS: inserted event items of the trigger's types.
      handle: async (records) => {
        const wanted = records.filter((record) => {
          const event = eventOfRecord(record);
          return event && (types === '*' || types.includes(event.type));
        });
        return wanted.length ? handler.records(wanted) : undefined;
      },
    });
    stops.push(() => reader.stop());
  }

  return {
    stop: async () => {
      // Readers first, so that nothing is sent to a queue whose worker has stopped.
      for (const stop of stops.reverse()) await stop();
    },
  };
};
