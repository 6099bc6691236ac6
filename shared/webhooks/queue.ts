/*
 * The delivery queue, in AWS an SQS FIFO queue, locally a folder of files
 * (infra/local/event-queue/). Both keep the same order: messages of one group
 * (one webhook and one resource) are handed out one at a time, oldest first, and
 * a message waiting for its retry holds back the later ones of its group. That
 * is how events of one resource reach an endpoint in the order they happened.
 */

export interface SendOptions {
  /** Messages of one group go out one at a time, in the order sent: `deliveryGroupId`. */
  groupId: string;
  /** A second send with the same id within five minutes is dropped (SQS FIFO deduplication). */
  deduplicationId?: string;
  /** Invisible until then; either unit, milliseconds win when both are given. */
  delayMs?: number;
  delaySeconds?: number;
}

export interface DeliveryQueue<Body> {
  send(body: Body, options: SendOptions): Promise<void>;
}

/** A message handed to a handler: `receiveCount` is 1 on the first hand-out and counts every one after. */
export interface ReceivedMessage<Body> {
  id: string;
  groupId: string;
  body: Body;
  receiveCount: number;
}

/**
 * What a handler answers: nothing when the message is done (it is deleted), or
 * when to hand it out again. A handler that throws leaves the message to
 * reappear after the visibility timeout.
 */
export type HandlerVerdict = undefined | { retryAfterMs: number };

export type QueueHandler<Body> = (message: ReceivedMessage<Body>) => Promise<HandlerVerdict>;

/** The delay of `options` in milliseconds. */
export const delayOf = (options: Pick<SendOptions, 'delayMs' | 'delaySeconds'>): number =>
  Math.max(0, options.delayMs ?? (options.delaySeconds ?? 0) * 1000);
