import { createHash } from 'node:crypto';
import { ChangeMessageVisibilityCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchItemFailure, SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { logger } from '../http/logger.ts';
import { type DeliveryQueue, delayOf, type QueueHandler, type SendOptions } from './queue.ts';

/*
 * An SQS FIFO queue. FIFO because events of one resource must reach an endpoint
 * in order, and only FIFO keeps a group's later messages back while an earlier
 * one is in flight. The price: FIFO has no per-message DelaySeconds. So a retry
 * is not a new message: the handler's message stays in the queue and is hidden
 * (ChangeMessageVisibility, at most 12 h) until its next attempt, holding its
 * group back meanwhile. A delay asked for at send time travels in the body as
 * `notBefore` and is honoured the same way when the message is first received.
 *
 * The attempt number is SQS's ApproximateReceiveCount. It counts attempts
 * exactly when the event source mapping hands out one record per invocation
 * (BatchSize 1): a later record of a group that came in the same batch as a
 * failing one is returned unprocessed, and that receive would count too.
 */

interface Envelope<Body> {
  body: Body;
  /** Epoch milliseconds before which the message is hidden again instead of handled. */
  notBefore?: number;
}

/** SQS's ceiling on a visibility timeout. */
const maxVisibilitySeconds = 12 * 60 * 60;

/** The delivery queue's client: its timeouts bounded, as the document client's are (shared/db/client.ts). */
export const boundedQueueClient = () =>
  new SQSClient({
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000, throwOnRequestTimeout: true },
  });

export interface SqsDeliveryQueue<Body> extends DeliveryQueue<Body> {
  /** Hides a received message for `delayMs` (ceiling 12 h): its next hand-out is the retry. */
  hide(receiptHandle: string, delayMs: number): Promise<void>;
}

export const sqsQueue = <Body>(queueUrl: string, client: SQSClient = boundedQueueClient()): SqsDeliveryQueue<Body> => ({
  send: async (body: Body, options: SendOptions) => {
    const delay = delayOf(options);
    const envelope: Envelope<Body> = delay > 0 ? { body, notBefore: Date.now() + delay } : { body };
    await client.send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify(envelope),
        MessageGroupId: options.groupId,
        // Without an id, the same body to the same group counts as the same message, as content-based deduplication would.
        MessageDeduplicationId:
          options.deduplicationId ??
          createHash('sha256').update(options.groupId).update('\n').update(JSON.stringify(body)).digest('hex'),
      }),
    );
  },
  hide: async (receiptHandle, delayMs) => {
    await client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: queueUrl,
        ReceiptHandle: receiptHandle,
        VisibilityTimeout: Math.min(maxVisibilitySeconds, Math.max(0, Math.ceil(delayMs / 1000))),
      }),
    );
  },
});

const handleRecord = async <Body>(
  record: SQSRecord,
  handler: QueueHandler<Body>,
  queue: Pick<SqsDeliveryQueue<Body>, 'hide'>,
  now: () => number,
): Promise<boolean> => {
  const envelope = JSON.parse(record.body) as Envelope<Body>;
  if (envelope.notBefore !== undefined && envelope.notBefore > now()) {
    await queue.hide(record.receiptHandle, envelope.notBefore - now());
    return false;
  }
  const verdict = await handler({
    id: record.messageId,
    groupId: record.attributes.MessageGroupId ?? '',
    body: envelope.body,
    receiveCount: Number(record.attributes.ApproximateReceiveCount),
  });
  if (!verdict) return true;
  await queue.hide(record.receiptHandle, verdict.retryAfterMs);
  return false;
};

/**
 * Runs one Lambda batch from the FIFO queue through `handler` and answers with
 * the partial batch failures. Groups run side by side, each group's records one
 * after the other; after a group's first record that is not done, its later
 * records are returned unprocessed, so none overtakes it. A record that is not
 * done is reported as failed: Lambda leaves it in the queue, hidden as the
 * handler asked (or for the queue's visibility timeout after an error).
 */
export const processSqsBatch = async <Body>(
  records: readonly SQSRecord[],
  handler: QueueHandler<Body>,
  queue: Pick<SqsDeliveryQueue<Body>, 'hide'>,
  now: () => number = Date.now,
): Promise<SQSBatchResponse> => {
  const groups = new Map<string, SQSRecord[]>();
  for (const record of records) {
    const groupId = record.attributes.MessageGroupId ?? record.messageId;
    groups.set(groupId, [...(groups.get(groupId) ?? []), record]);
  }
  const failures: SQSBatchItemFailure[] = [];
  await Promise.all(
    [...groups.values()].map(async (group) => {
      for (const [index, record] of group.entries()) {
        let done = false;
        try {
          done = await handleRecord(record, handler, queue, now);
        } catch (error) {
          logger.error('Delivery message failed', { messageId: record.messageId, error: String(error) });
        }
        if (!done) {
          for (const held of group.slice(index)) failures.push({ itemIdentifier: held.messageId });
          return;
        }
      }
    }),
  );
  return { batchItemFailures: failures };
};

let deliveryQueue: DeliveryQueue<unknown> | undefined;

/**
 * The stack's delivery queue (`DELIVERY_QUEUE_URL`), made on first use rather
 * than at import, so that loading a module (tests, tools) needs no queue; or the
 * one a local runner put in its place (`useDeliveryQueue`).
 */
export const configuredDeliveryQueue = <Body>(): SqsDeliveryQueue<Body> => {
  if (!deliveryQueue) {
    const queueUrl = process.env.DELIVERY_QUEUE_URL;
    if (!queueUrl) throw new Error('DELIVERY_QUEUE_URL is not set');
    deliveryQueue = sqsQueue<unknown>(queueUrl);
  }
  return deliveryQueue as SqsDeliveryQueue<Body>;
};

/** The local stand-in of the delivery queue (infra/local/background-functions.ts), in place of SQS in this process. */
export const useDeliveryQueue = (queue: DeliveryQueue<unknown>): void => {
  deliveryQueue = queue;
};
