import { now } from '../clock.ts';
import { type DeliveryResult, deliverWebhook } from './deliver.ts';
import type { DestinationMode, HostResolver } from './destination.ts';
import { matches, type WebhookEvent } from './event.ts';
import type { HandlerVerdict, ReceivedMessage, SendOptions } from './queue.ts';
import { nextAttemptDelay, retrySchedule } from './schedule.ts';
import type { SecretBox } from './secret-box.ts';

/** One event on its way to one endpoint. The attempt number is the queue's receive count. */
export interface DeliveryMessage {
  eventId: string;
  webhookId: string;
  event: WebhookEvent;
}

/** What delivery needs of a webhook; the secret as stored, encrypted. */
export interface DeliveryWebhook {
  id: string;
  url: string;
  status: 'active' | 'disabled';
  types: readonly string[];
  encryptedSecret: string;
}

/** One line of `GET /api/webhooks/:id/deliveries`, before it gets its id. */
export interface DeliveryAttempt {
  webhookId: string;
  eventId: string;
  attempt: number;
  attemptedAt: string;
  status: number | null;
  durationMs: number;
  error: string | null;
  outcome: DeliveryResult['outcome'];
  /** The schedule is spent with this attempt: it says so itself, in the same write. */
  givenUp: boolean;
}

export interface DeliveryDependencies {
  loadWebhook(id: string): Promise<DeliveryWebhook | undefined>;
  recordAttempt(attempt: DeliveryAttempt): Promise<void>;
  /** After a 410 Gone: `status: "disabled"` until the owner re-enables it. */
  disableWebhook(id: string): Promise<void>;
  /** The schedule is spent: the event is given up for this endpoint (its last attempt, recorded, says so). */
  markFailed(failure: { webhookId: string; eventId: string; attempts: number }): Promise<void>;
  secrets: SecretBox;
  mode: DestinationMode;
  schedule?: readonly number[];
  timeoutMs?: number;
  resolve?: HostResolver;
}

/**
 * The group a delivery belongs to: one endpoint and one resource. Events of a
 * group go out one at a time in the order they happened; other groups are not
 * held back by a failing one.
 */
export const deliveryGroupId = (webhookId: string, event: WebhookEvent): string =>
  `${webhookId}.${event.data.object}.${event.data.id}`;

/** For the dispatcher: one message per active webhook the event matches, with its queue options. */
export const deliveriesOf = (
  event: WebhookEvent,
  webhooks: readonly Pick<DeliveryWebhook, 'id' | 'status' | 'types'>[],
): { body: DeliveryMessage; options: SendOptions }[] =>
  webhooks
    .filter((webhook) => webhook.status === 'active' && matches(webhook.types, event.type))
    .map((webhook) => ({
      body: { eventId: event.id, webhookId: webhook.id, event },
      options: { groupId: deliveryGroupId(webhook.id, event), deduplicationId: `${event.id}.${webhook.id}` },
    }));

/**
 * One attempt of one message: delivers, records the attempt, and says whether
 * the queue should hand the message out again (after the schedule's pause) or
 * is done with it: delivered, gone (the endpoint is disabled), given up (marked
 * failed), or the webhook no longer active. A failure of the store throws: the
 * message comes back after the queue's visibility timeout (at least once).
 */
export const handleDelivery = async (
  message: ReceivedMessage<DeliveryMessage>,
  dependencies: DeliveryDependencies,
): Promise<HandlerVerdict> => {
  const { webhookId, eventId, event } = message.body;
  const attempt = message.receiveCount;
  const webhook = await dependencies.loadWebhook(webhookId);
  // A deleted or disabled endpoint gets nothing more, not even the events it missed.
  if (webhook?.status !== 'active') return undefined;
  const secret = await dependencies.secrets.decrypt(webhook.encryptedSecret, webhook.id);
  // The record's time is the studio's clock, as every stored time; the signature's is the real one, which the
  // receiver checks against its own clock.
  const attemptedAt = now();
  const result = await deliverWebhook(
    { url: webhook.url, secret, event },
    {
      mode: dependencies.mode,
      ...(dependencies.timeoutMs === undefined ? {} : { timeoutMs: dependencies.timeoutMs }),
      ...(dependencies.resolve ? { resolve: dependencies.resolve } : {}),
    },
  );
  // Whether this was the last attempt is known before it is recorded, so the record says so from the start.
  const pause =
    result.outcome === 'delivered' || result.outcome === 'gone'
      ? undefined
      : nextAttemptDelay(attempt, dependencies.schedule ?? retrySchedule());
  await dependencies.recordAttempt({
    webhookId,
    eventId,
    attempt,
    attemptedAt: attemptedAt.toISOString(),
    status: result.status,
    durationMs: result.durationMs,
    error: result.error,
    outcome: result.outcome,
    givenUp: pause === null,
  });
  if (result.outcome === 'gone') await dependencies.disableWebhook(webhookId);
  if (pause === undefined) return undefined;
  if (pause === null) {
    await dependencies.markFailed({ webhookId, eventId, attempts: attempt });
    return undefined;
  }
  return { retryAfterMs: pause };
};
