import * as v from 'valibot';
import { schemaMessage } from '../messages/index.ts';
import { optionalText, requiredText } from '../schema/fields.ts';
import { listQuery } from '../schema/list-query.ts';
import { listEnvelope, outputEntries, recordId, recordVersion, timestamp, userSub } from '../schema/record.ts';
import { allEventTypes, eventTypes } from './event.ts';
import { webhookTexts } from './texts.ts';

export const webhookStatuses = ['active', 'disabled'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

// A URL is at most 2048 characters (destination.ts); its scheme and host are checked by the store.
const url = () => requiredText(2048);

const subscribable = [...eventTypes, allEventTypes] as const;

const types = () =>
  v.pipe(
    v.array(
      v.picklist(subscribable, schemaMessage('field.oneOf', subscribable)),
      webhookTexts.schemaMessage('typesList'),
    ),
    v.minLength(1, webhookTexts.schemaMessage('typesAtLeastOne')),
    v.maxLength(subscribable.length, webhookTexts.schemaMessage('typesAtMost', subscribable.length)),
    v.check((list) => new Set(list).size === list.length, webhookTexts.schemaMessage('typeTwice')),
    v.check((list) => !list.includes(allEventTypes) || list.length === 1, webhookTexts.schemaMessage('wildcardAlone')),
  );

/** The body of `POST /api/webhooks`. */
export const WebhookInput = v.strictObject({
  url: url(),
  types: types(),
  description: optionalText(500, { multiline: false }),
});
export type WebhookInput = v.InferOutput<typeof WebhookInput>;

/** The body of `PUT /api/webhooks/:id`: every mutable field, `status` too (`active` re-enables a disabled one). */
export const WebhookReplaceInput = v.strictObject({
  ...WebhookInput.entries,
  status: v.optional(v.picklist(webhookStatuses, schemaMessage('field.oneOf', webhookStatuses)), 'active'),
});
export type WebhookReplaceInput = v.InferOutput<typeof WebhookReplaceInput>;

/** A webhook as the API returns it: never its secret. */
export const WebhookRecord = v.object({
  id: recordId(),
  ...outputEntries(WebhookReplaceInput.entries),
  createdAt: timestamp(),
  createdBy: v.nullable(userSub()),
  updatedAt: timestamp(),
  updatedBy: v.nullable(userSub()),
  version: recordVersion(),
});
export type Webhook = v.InferOutput<typeof WebhookRecord>;

/** The answer to a create: the webhook and, this once, its signing secret. */
export const CreatedWebhook = v.object({
  ...WebhookRecord.entries,
  secret: v.pipe(v.string(), v.regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/)),
});
export type CreatedWebhook = v.InferOutput<typeof CreatedWebhook>;

export const WebhookList = listEnvelope(WebhookRecord);
export const WebhookListQuery = listQuery({});

/** One delivery attempt as `GET /api/webhooks/:id/deliveries` lists it: never a body. */
export const DeliveryRecord = v.object({
  id: recordId(),
  eventId: recordId(),
  attempt: v.pipe(v.number(), v.integer(), v.minValue(1)),
  attemptedAt: timestamp(),
  status: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(999))),
  durationMs: v.pipe(v.number(), v.integer(), v.minValue(0)),
  error: v.nullable(v.string()),
});
export type DeliveryRecord = v.InferOutput<typeof DeliveryRecord>;

export const DeliveryList = listEnvelope(DeliveryRecord);
export const DeliveryListQuery = listQuery({});
