import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from '../../../shared/http/logger.ts';
import type { QueueHandler } from '../../../shared/webhooks/queue.ts';
import { type LocalQueue, openLocalQueue } from './local-queue.ts';

export interface LocalQueueWorkerOptions {
  /** How often the folder is looked at for due messages. */
  pollIntervalMs?: number;
  /**
   * How long a handed-out message stays hidden if the handler throws or the
   * process dies; above the delivery timeout, so a slow attempt is not handed
   * out twice.
   */
  visibilityTimeoutMs?: number;
  /** Messages handled side by side, each of another group. */
  batchSize?: number;
}

export interface LocalQueueWorker<Body> {
  queue: LocalQueue<Body>;
  /** Looks at the folder now instead of at the next poll (after a send in this process). */
  wake(): void;
  /** Stops polling and waits for the messages in hand. */
  stop(): Promise<void>;
}

/**
 * Runs due messages of the queue in `folder` through `handler`, as the Lambda
 * event source mapping does with SQS: done → deleted; a retry → hidden for the
 * pause the handler asked for; an error → left to reappear after the visibility
 * timeout.
 */
export const startLocalQueueWorker = <Body>(
  folder: string,
  handler: QueueHandler<Body>,
  { pollIntervalMs = 200, visibilityTimeoutMs = 30_000, batchSize = 10 }: LocalQueueWorkerOptions = {},
): LocalQueueWorker<Body> => {
  const queue = openLocalQueue<Body>(folder);
  let running = true;
  let wakeUp = new AbortController();

  const handleOne = async (message: Awaited<ReturnType<LocalQueue<Body>['receive']>>[number]) => {
    try {
      const verdict = await handler(message);
      if (verdict) await queue.hide(message.id, verdict.retryAfterMs);
      else await queue.delete(message.id);
    } catch (error) {
      logger.error('Local queue message failed', { messageId: message.id, error: String(error) });
    }
  };

  const loop = async () => {
    while (running) {
      try {
        const messages = await queue.receive({ max: batchSize, visibilityTimeoutMs });
        await Promise.all(messages.map(handleOne));
        // A full batch may have more due messages behind it.
        if (messages.length === batchSize) continue;
      } catch (error) {
        logger.error('Local queue could not be read', { folder, error: String(error) });
      }
      if (!running) break;
      await sleep(pollIntervalMs, undefined, { signal: wakeUp.signal }).catch(() => undefined);
      if (wakeUp.signal.aborted) wakeUp = new AbortController();
    }
  };
  const done = loop();

  return {
    queue,
    wake: () => wakeUp.abort(),
    stop: async () => {
      running = false;
      wakeUp.abort();
      await done;
    },
  };
};
