import * as v from 'valibot';
import { schemaMessage } from '../messages/index.ts';
import { listQuery } from '../schema/list-query.ts';
import { listEnvelope } from '../schema/record.ts';
import { eventObjectSchema, eventTypes } from '../webhooks/event.ts';

/** An event as `GET /api/events` lists it: exactly what a webhook receives. */
export const EventRecord = eventObjectSchema;

export const EventList = listEnvelope(EventRecord);

export const EventListQuery = listQuery({
  type: v.optional(v.picklist(eventTypes, schemaMessage('field.oneOf', eventTypes))),
});
