import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../shared/http/ids.ts';
import type { WebhookEvent } from '../../shared/webhooks/event.ts';
import { unique, useApi } from '../support/api.ts';
import { tableClient } from '../support/table.ts';

const api = useApi();

type Page = { items: WebhookEvent[]; nextCursor: string | null };

/** Follows nextCursor to the end and returns every item in order. */
const everyEvent = async (query = '', limit = 2): Promise<WebhookEvent[]> => {
  const items: WebhookEvent[] = [];
  let cursor: string | null = null;
  do {
    const response: { status: number; body: Page } = await api.request(
      'GET',
      `/api/events?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(response.status).toBe(200);
    items.push(...response.body.items);
    cursor = response.body.nextCursor;
  } while (cursor);
  return items;
};

const createContact = async (email = `${unique('ada')}@example.com`) =>
  api.request('POST', '/api/contacts', { body: { firstName: 'Ada', lastName: unique('Lovelace'), email } });

let contact: { id: string; email: string; version: number };
let service: { id: string };
beforeAll(async () => {
  contact = (await createContact()).body;
  service = (
    await api.request('POST', '/api/services', {
      body: { name: unique('Pilates '), price: { amount: 2500, currency: 'EUR' } },
    })
  ).body;
  const renamed = await api.request('PUT', `/api/contacts/${contact.id}`, {
    body: { firstName: 'Augusta Ada', lastName: 'Lovelace', email: contact.email },
  });
  contact = renamed.body;
});

describe('GET /api/events', () => {
  it('pages through every event oldest first, each exactly once, carrying ids only', async () => {
    const events = await everyEvent();

    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['contact.created', { object: 'contact', id: contact.id, version: 1 }],
      ['service.created', { object: 'service', id: service.id, version: 1 }],
      ['contact.updated', { object: 'contact', id: contact.id, version: 2 }],
    ]);
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual(['data', 'id', 'occurredAt', 'type']);
      expect(Date.parse(event.occurredAt)).toBeLessThanOrEqual(Date.now());
    }
    expect(JSON.stringify(events)).not.toMatch(/Lovelace|example\.com|Pilates/);
  });

  it('keeps one type with `type`, on its own pages', async () => {
    const created = await everyEvent('&type=contact.created', 1);
    const updated = await everyEvent('&type=contact.updated', 1);
    const deleted = await everyEvent('&type=contact.deleted', 1);

    expect(created.map((event) => event.data.id)).toEqual([contact.id]);
    expect(updated.map((event) => [event.type, event.data.version])).toEqual([['contact.updated', 2]]);
    expect(deleted).toEqual([]);
  });

  it('refuses an unknown type, a cursor of another list and a made-up cursor (400)', async () => {
    const firstPage = await api.request('GET', '/api/events?limit=1');
    const cursor = firstPage.body.nextCursor as string;

    const unknownType = await api.request('GET', '/api/events?type=contact.renamed');
    const foreign = await api.request('GET', `/api/events?type=contact.updated&cursor=${cursor}`);
    const madeUp = await api.request('GET', '/api/events?cursor=bm9wZQ');

    expect(unknownType.status).toBe(400);
    expect(unknownType.body.errors[0].path).toBe('type');
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([{ path: 'cursor', message: 'Not a cursor of this list' }]);
    expect(madeUp.status).toBe(400);
  });

  it('is for owners only', async () => {
    const asStaff = await api.request('GET', '/api/events', { as: 'staff' });

    expect(asStaff.status).toBe(403);
  });

  it('leaves out events older than 30 days that DynamoDB has not deleted yet', async () => {
    // TTL deletes expired items only eventually: an expired event can still be in the table.
    const { eventItem } = await import('../../shared/outbox/outbox.ts');
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    const expired = eventItem({
      id: newId(),
      type: 'contact.updated',
      occurredAt: old.toISOString(),
      data: { object: 'contact', id: contact.id, version: 2 },
    });
    // An id of today's time but the occurrence and expiry of a month ago: it sorts among today's events.
    await tableClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: expired }));

    const all = await everyEvent();
    const updated = await everyEvent('&type=contact.updated');

    expect(all.map((event) => event.id)).not.toContain(expired.id);
    expect(updated.map((event) => event.id)).not.toContain(expired.id);
    expect(all).toHaveLength(3);
  });
});

describe('the outbox', () => {
  it('writes no event when the change’s transaction fails (a duplicate email)', async () => {
    const before = await everyEvent('', 100);

    const duplicate = await createContact(contact.email);
    const stale = await api.request('PUT', `/api/contacts/${contact.id}`, {
      body: { firstName: 'Ada', lastName: 'Lovelace', email: contact.email },
      headers: { 'if-match': '"1"' },
    });

    expect(duplicate.status).toBe(409);
    expect(stale.status).toBe(412);
    expect(await everyEvent('', 100)).toEqual(before);
  });

  it('writes exactly one event per change, in the change’s own transaction', async () => {
    const before = await everyEvent('', 100);

    const removed = await api.request('DELETE', `/api/contacts/${contact.id}`);

    expect(removed.status).toBe(204);
    const after = await everyEvent('', 100);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((event) => [event.type, event.data])).toEqual([
      ['contact.deleted', { object: 'contact', id: contact.id, version: 2 }],
    ]);
  });
});
