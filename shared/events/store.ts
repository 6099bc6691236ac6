import { now } from '../clock.ts';
import { type Page, type PageRequest, queryPage } from '../db/query-page.ts';
import { tableDesign } from '../db/table-design.ts';
import { eventFromItem, eventListPartition, eventTypePartition } from '../outbox/outbox.ts';
import type { EventType, WebhookEvent } from '../webhooks/event.ts';
import { eventListKey } from './entity.ts';

/**
 * The events of the last 30 days, oldest first: one Query on the list of all
 * events (gsi1) or of one type (gsi2). DynamoDB deletes expired items only
 * eventually (usually within days), so the page leaves out what has expired.
 */
export const listEvents = (
  request: PageRequest & { type?: EventType | undefined },
  at: Date = now(),
): Promise<Page<WebhookEvent>> =>
  queryPage({
    limit: request.limit,
    cursor: request.cursor,
    index: request.type ? 'gsi2' : 'gsi1',
    partition: request.type ? eventTypePartition(request.type) : eventListPartition,
    filter: {
      expression: '#expiresAt > :now',
      names: { '#expiresAt': tableDesign.timeToLiveAttribute },
      values: { ':now': Math.floor(at.getTime() / 1000) },
    },
    itemKey: eventListKey,
    toRecord: eventFromItem,
  });
