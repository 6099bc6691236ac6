/*
 * The event types (docs/events-and-webhooks.md), apart from their schemas: every writing function
 * names the type of its change, and none of them needs the schemas.
 */

/** Every event type (docs/events-and-webhooks.md), grouped by the object it is about. */
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
