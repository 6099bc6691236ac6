import { EventList, EventRecord } from '#shared/events/schema.ts';
import { eventObjects, eventTypes } from '#shared/webhooks/event.ts';
import { defaultRetrySchedule } from '#shared/webhooks/schedule.ts';
import {
  CreatedWebhook,
  DeliveryList,
  DeliveryListQuery,
  DeliveryRecord,
  WebhookInput,
  WebhookList,
  WebhookListQuery,
  WebhookRecord,
  WebhookReplaceInput,
  webhookStatuses,
} from '#shared/webhooks/schema.ts';
import type { AreaDocs, RouteNameOf } from './area-docs.ts';
import { type Component, component } from './components.ts';
import type { OperationDoc } from './operation-doc.ts';
import { listQueryDocs, pageDocs, recordDocs } from './shared-docs.ts';

export const code = (values: readonly string[]) => values.map((value) => `\`${value}\``).join(', ');

const pause = (ms: number) =>
  ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`;

const schedule = `After a failed attempt the next one follows after ${defaultRetrySchedule.map(pause).join(', ')} (${defaultRetrySchedule.length + 1} attempts over about 27.5 hours); then the event is given up for that endpoint.`;

const inputFields = {
  url: 'Where deliveries are POSTed: an absolute `https` URL of at most 2048 characters, without user name or password, whose host resolves to public addresses only (private, loopback, link-local and metadata addresses are refused with 400 naming `url`). The local server also takes `http://127.0.0.1` and `http://localhost`.',
  types: `The event types to receive, each once: any of ${code(eventTypes)}; or \`["*"]\` alone for every type, today’s and future ones.`,
  description: 'What the endpoint is for, at most 500 characters on one line. Null when absent.',
} as const;

const fields = {
  ...inputFields,
  status: `${code(webhookStatuses)}. A \`410 Gone\` answer disables the webhook; PUT with \`active\` (the default) enables it again.`,
} as const;

const example = {
  url: 'https://hooks.example.com/studio',
  types: ['contact.created' as const, 'contract.signed' as const],
  description: 'Door system',
};

const stored = {
  id: '01JD4Z9Q7R2S5T8V1W4X7Y0Z3A',
  ...example,
  status: 'active' as const,
  createdAt: '2026-11-22T10:20:00.000Z',
  createdBy: '3f1c9a52-7b2e-4d8a-9c61-0e5b8f2a4d17',
  updatedAt: '2026-11-22T10:20:00.000Z',
  updatedBy: '3f1c9a52-7b2e-4d8a-9c61-0e5b8f2a4d17',
  version: 1,
};

const Webhook = component(
  WebhookRecord,
  'Webhook',
  {
    ...recordDocs('webhook'),
    ...fields,
    updatedBy:
      'The `sub` of the user who made the latest change; null when the delivery disabled the webhook after a `410 Gone`.',
  },
  {
    text: 'An endpoint that receives the studio’s events, signed. Its secret is never shown again.',
    examples: [stored],
  },
);

const Created = component(
  CreatedWebhook,
  'CreatedWebhook',
  {
    ...recordDocs('webhook'),
    ...fields,
    updatedBy: 'The `sub` of the user who created the webhook.',
    secret:
      'The signing secret: `whsec_` and the standard base64 of 32 random bytes. Shown in this answer only, stored encrypted; verify deliveries with it (Standard Webhooks).',
  },
  {
    text: 'The new webhook with its secret, shown this once.',
    examples: [{ ...stored, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwJ1HXlMnc3Yk=' }],
  },
);

const Input = component(WebhookInput, 'WebhookInput', inputFields, {
  text: 'A new webhook. Unknown fields are a 400.',
  examples: [example, { url: 'https://automation.example.net/hooks/42', types: ['*' as const] }],
});

const ReplaceInput = component(WebhookReplaceInput, 'WebhookReplaceInput', fields, {
  text: 'Every mutable field of a webhook: a field left out becomes null or its default. The secret stays.',
  examples: [{ ...example, status: 'active' as const }],
});

const Page = component(WebhookList, 'WebhookList', pageDocs('en', Webhook), {
  text: 'One page of webhooks, oldest first.',
  examples: [{ items: [stored], nextCursor: null }],
});

const delivery = {
  id: '01JD4ZB3C6D9E2F5G8H1J4K7M0',
  eventId: '01JD4ZA1B4C7D0E3F6G9H2J5K8',
  attempt: 2,
  attemptedAt: '2026-11-22T10:25:05.120Z',
  status: 503,
  durationMs: 87,
  error: 'The receiver answered 503',
} as const;

const Delivery = component(
  DeliveryRecord,
  'WebhookDelivery',
  {
    id: 'The attempt’s id, a ULID; ids sort by the time of the attempt.',
    eventId: 'The event delivered: the `id` of `GET /api/events` and the `webhook-id` header the receiver saw.',
    attempt: '1 for the first delivery of the event to this webhook, +1 for each retry.',
    attemptedAt: 'When the attempt started: RFC 3339 UTC with milliseconds.',
    status: 'The receiver’s HTTP status; null when there was no answer (refused, timed out, address refused).',
    durationMs: 'How long the attempt took, in milliseconds.',
    error:
      'Why the attempt did not deliver, in English; null for a 2xx. The last one says when the event was given up.',
  },
  { text: 'One delivery attempt: never a body, of the request or of the answer.', examples: [delivery] },
);

const Deliveries = component(DeliveryList, 'WebhookDeliveryList', pageDocs('en', Delivery), {
  text: 'One page of a webhook’s delivery attempts, newest first.',
  examples: [{ items: [delivery], nextCursor: null }],
});

const event = {
  id: '01JD4ZA1B4C7D0E3F6G9H2J5K8',
  type: 'contact.updated',
  occurredAt: '2026-11-22T10:25:00.000Z',
  data: { object: 'contact', id: '01JD4Z5C8D1E4F7G0H3J6K9M2N', version: 2 },
} as const;

const Event = component(
  EventRecord,
  'Event',
  {
    id: 'The event’s id, a ULID; ids sort by the time of the change. Deliveries carry it as `webhook-id`.',
    type: `What happened: ${code(eventTypes)}.`,
    occurredAt: 'When the change was written: RFC 3339 UTC with milliseconds.',
    data: {
      text: 'Which record changed: ids only, never personal data; fetch the record for its content.',
      fields: {
        object: `The kind of record, the prefix of \`type\`: ${code(eventObjects)}.`,
        id: 'The record’s id (the studio profile has one fixed id).',
        version: 'The record’s version after the change; for a deletion, its last version.',
      },
    },
  },
  { text: 'A change, announced in the same transaction as the change itself. Kept 30 days.', examples: [event] },
);

export const Events = component(EventList, 'EventList', pageDocs('en', Event), {
  text: 'One page of events, oldest first.',
  examples: [{ items: [event], nextCursor: null }],
});

export const webhookComponents = {
  WebhookInput: Input,
  WebhookReplaceInput: ReplaceInput,
  Webhook,
  CreatedWebhook: Created,
  WebhookList: Page,
  WebhookDelivery: Delivery,
  WebhookDeliveryList: Deliveries,
  Event,
  EventList: Events,
} satisfies Record<string, Component>;

export const webhooksTag = {
  name: 'Events and webhooks',
  description: `Every change of contacts, services, the studio profile and contracts is an event, written in the change’s own transaction and kept 30 days. Webhooks receive them as signed POSTs (Standard Webhooks: headers \`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">\`): at least once, per record in the order of the changes; a 2xx within 10 s delivers, redirects are not followed. ${schedule} Owners only.`,
};

export const webhookOperations = {
  'webhooks-list': {
    summary: 'List webhooks',
    description: 'Every webhook, oldest first, one page at a time. Secrets are never listed.',
    query: { schema: WebhookListQuery, fields: listQueryDocs('en') },
    success: { status: 200, description: 'One page of webhooks.', content: { 'application/json': Page } },
    problems: { 400: ['validation-failed', 'invalid-cursor'] },
  },
  'webhooks-create': {
    summary: 'Create a webhook',
    description:
      'Subscribes an endpoint to event types and answers with its signing secret, shown this once. Events written from now on are delivered to it. Takes no `Idempotency-Key`: a stored replay would have to keep the secret readable; a webhook created twice by a retry shows in the list and can be deleted.',
    body: Input,
    success: {
      status: 201,
      description: 'The new webhook with its secret.',
      content: { 'application/json': Created },
      headers: ['etag', 'location'],
    },
  },
  'webhooks-get': {
    summary: 'Get a webhook',
    description: 'One webhook, without its secret; its `ETag` is the version to send in `If-Match`.',
    success: { status: 200, description: 'The webhook.', content: { 'application/json': Webhook }, headers: ['etag'] },
  },
  'webhooks-replace': {
    summary: 'Replace a webhook',
    description:
      'Replaces url, types, description and status; `status: "active"` (the default) enables a webhook that a `410 Gone` disabled. The secret stays. Honours `If-Match` like every replace.',
    body: ReplaceInput,
    success: {
      status: 200,
      description: 'The changed webhook.',
      content: { 'application/json': Webhook },
      headers: ['etag'],
    },
  },
  'webhooks-delete': {
    summary: 'Delete a webhook',
    description:
      'Deletes the webhook: nothing more is delivered to it, not even retries already planned. Its delivery attempts are no longer listed and expire within 30 days. Honours `If-Match`.',
    success: { status: 204, description: 'Deleted; no body.' },
  },
  'webhooks-deliveries': {
    summary: 'List a webhook’s delivery attempts',
    description:
      'Every delivery attempt of the last 30 days, newest first: when, the receiver’s status, how long, and why it failed. Never a body.',
    query: { schema: DeliveryListQuery, fields: listQueryDocs('en') },
    success: { status: 200, description: 'One page of attempts.', content: { 'application/json': Deliveries } },
    problems: { 400: ['validation-failed', 'invalid-cursor'] },
  },
} satisfies Record<RouteNameOf<'webhooks'>, OperationDoc>;

/** Loaded by operations.ts by the area's name. */
export const docs: AreaDocs = {
  operations: webhookOperations,
  components: webhookComponents,
  tagDescription: webhooksTag.description,
};
