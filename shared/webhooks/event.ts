import * as v from 'valibot';
import { schemaMessage } from '../messages/index.ts';
import { recordId, recordVersion, timestamp } from '../schema/record.ts';

/** Every event type of API.md §12, grouped by the object it is about. */
export const eventTypes = [
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'service.created',
  'service.updated',
  'studio.updated',
  'contract.created',
  'contract.signed',
  'contract.cancelled',
  'contract.terminated',
  'contract.termination_withdrawn',
  'contract.copy_sent',
] as const;

export type EventType = (typeof eventTypes)[number];

export const eventObjects = ['contact', 'service', 'studio', 'contract'] as const;

export type EventObject = (typeof eventObjects)[number];

/** The object an event type is about: its prefix. */
export const objectOf = (type: EventType): EventObject => type.slice(0, type.indexOf('.')) as EventObject;

/**
 * An event exactly as receivers get it: ids only, never personal data; receivers
 * fetch what they need. `version` is the record's version after the change (for a
 * deletion, its last one).
 */
export const eventObjectSchema = v.strictObject({
  id: recordId(),
  type: v.picklist(eventTypes),
  occurredAt: timestamp(),
  data: v.strictObject({
    object: v.picklist(eventObjects),
    // Not a ULID for every object: the studio profile is one record with a fixed id.
    id: v.pipe(v.string(), v.minLength(1)),
    version: recordVersion(),
  }),
});

export const eventSchema = v.pipe(
  eventObjectSchema,
  v.check((event) => event.data.object === objectOf(event.type), schemaMessage('events.objectPrefixOfType')),
);

export type WebhookEvent = v.InferOutput<typeof eventSchema>;

/** The subscription wildcard: `["*"]` subscribes to every type, today's and future ones. */
export const allEventTypes = '*';

/** True when a webhook subscribed to `webhookTypes` receives an event of `eventType`. */
export const matches = (webhookTypes: readonly string[], eventType: string): boolean =>
  webhookTypes.includes(allEventTypes) || webhookTypes.includes(eventType);
