import * as v from 'valibot';
import { eventTexts } from '../events/texts.ts';
import { eventObjects, eventTypes, objectOf } from '../outbox/event-types.ts';
import { recordId, recordVersion, timestamp } from '../schema/record.ts';

export { type EventObject, type EventType, eventObjects, eventTypes, objectOf } from '../outbox/event-types.ts';

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
  v.check((event) => event.data.object === objectOf(event.type), eventTexts.schemaMessage('objectPrefixOfType')),
);

export type WebhookEvent = v.InferOutput<typeof eventSchema>;

/** The subscription wildcard: `["*"]` subscribes to every type, today's and future ones. */
export const allEventTypes = '*';

/** True when a webhook subscribed to `webhookTypes` receives an event of `eventType`. */
export const matches = (webhookTypes: readonly string[], eventType: string): boolean =>
  webhookTypes.includes(allEventTypes) || webhookTypes.includes(eventType);
