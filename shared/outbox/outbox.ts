import { now } from '../clock.ts';
import { tableName } from '../db/client.ts';
import { tableDesign } from '../db/table-design.ts';
import { newId } from '../http/ids.ts';
import { type EventObject, type EventType, objectOf } from './event-types.ts';

/**
 * The outbox (see docs/architecture.md, "Access patterns"): every change's event, written in the change's own
 * transaction by the data layer, below the areas. Its ids are ULIDs, so the lists run oldest first by id; items
 * expire after 30 days (TTL, and an explicit check on read since DynamoDB deletes expired items only eventually).
 *
 * The events of one resource share a partition key: DynamoDB Streams keeps the
 * order of records per item only, and records of one partition key stay in one
 * shard lineage in practice, so the dispatcher sees a resource's events in the
 * order they happened. Separate keys per event could land in parallel shards.
 */

/** An event as the outbox stores it and receivers get it: ids only, never personal data (webhooks/event.ts). */
export interface OutboxEvent {
  id: string;
  type: EventType;
  occurredAt: string;
  data: { object: EventObject; id: string; version: number };
}

export const eventPartition = (object: string, id: string) => `EVENTS#${object}#${id}`;
export const eventKey = (event: Pick<OutboxEvent, 'id' | 'data'>) => ({
  pk: eventPartition(event.data.object, event.data.id),
  sk: `EVENT#${event.id}`,
});

/** Tells event items apart from every other item, on the stream too (the dispatcher's filter). */
export const eventEntity = 'event';
export const eventListPartition = 'EVENTS';
export const eventTypePartition = (type: EventType) => `EVENTS#${type}`;
export const eventRetentionSeconds = 30 * 24 * 60 * 60;

/** The change a write announces: what happened to which record, and its version afterwards. */
export interface Change {
  type: EventType;
  id: string;
  version: number;
}

export const eventOf = (change: Change, occurredAt = now()): OutboxEvent => ({
  id: newId(),
  type: change.type,
  occurredAt: occurredAt.toISOString(),
  data: {
    object: objectOf(change.type),
    id: change.id,
    version: change.version,
  },
});

export const eventFromItem = (item: Record<string, unknown>): OutboxEvent => ({
  id: item.id as string,
  type: item.type as EventType,
  occurredAt: item.occurredAt as string,
  data: item.data as OutboxEvent['data'],
});

export const eventItem = (event: OutboxEvent) => ({
  ...eventKey(event),
  entity: eventEntity,
  gsi1pk: eventListPartition,
  gsi1sk: event.id,
  gsi2pk: eventTypePartition(event.type),
  gsi2sk: event.id,
  [tableDesign.timeToLiveAttribute]: Math.floor(Date.parse(event.occurredAt) / 1000) + eventRetentionSeconds,
  id: event.id,
  type: event.type,
  occurredAt: event.occurredAt,
  data: event.data,
});

/** The put of a change's event: it joins the change's transaction, so one never exists without the other. */
export const eventWrite = (change: Change) => ({
  Put: { TableName: tableName(), Item: eventItem(eventOf(change)), ConditionExpression: 'attribute_not_exists(pk)' },
});
