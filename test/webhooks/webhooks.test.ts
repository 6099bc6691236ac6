import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import getPort from 'get-port';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../shared/webhooks/event.ts';
import { unique, useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { signaturePng } from '../support/images.ts';
import { useStudioProfile } from '../support/studio.ts';
import { tableClient } from '../support/table.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// The local server's rule (http to 127.0.0.1 is allowed), and pauses short enough for a test.
process.env.WEBHOOK_DESTINATIONS = 'local';
// The customer's copy is mailed to <DATA_DIR>/outbox locally: a folder of this file's own.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'studio-api-webhooks-'));
// The give-up test waits their sum (4.4 s): each is short, and still above the stream poller and queue interval.
const pauses = [200, 300, 400, 500, 600, 700, 800, 900];
process.env.WEBHOOK_RETRY_SCHEDULE_MS = pauses.join(',');

const api = useApi();
useStudioProfile(api);
useBackgroundFunctions(['webhooks-dispatch', 'webhooks-deliver']);

const png = signaturePng;

/** Generous: the machine is shared, and a delivery waits for the stream poller and the queue. */
const deliveryTimeoutMs = 30_000;

const receivers: WebhookReceiver[] = [];
const webhookIds: string[] = [];
afterEach(async () => {
  // Every webhook of this file gets every event: each test leaves none behind for the next.
  await Promise.all(webhookIds.splice(0).map((id) => api.request('DELETE', `/api/webhooks/${id}`)));
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

/** A loopback receiver subscribed to `types`, verifying every delivery with the standardwebhooks package. */
const subscribe = async (types: string[] = ['*'], description?: string) => {
  const port = await getPort({ host: '127.0.0.1' });
  const created = await api.request('POST', '/api/webhooks', {
    body: { url: `http://127.0.0.1:${port}/hooks`, types, ...(description ? { description } : {}) },
  });
  expect(created.status).toBe(201);
  webhookIds.push(created.body.id);
  const receiver = await startWebhookReceiver(created.body.secret, { port });
  receivers.push(receiver);
  return { webhook: created.body, receiver };
};

const eventsOf = (receiver: WebhookReceiver, resourceId: string) =>
  receiver.deliveries.filter((delivery) => (delivery.event as WebhookEvent).data.id === resourceId);

/** Waits until `condition` holds, looking again every 100 ms. */
const eventually = async <T>(
  look: () => Promise<T> | T,
  condition: (value: T) => boolean,
  timeoutMs = deliveryTimeoutMs,
) => {
  const started = Date.now();
  for (;;) {
    const value = await look();
    if (condition(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Not within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const deliveriesOf = async (webhookId: string) => {
  const response = await api.request('GET', `/api/webhooks/${webhookId}/deliveries?limit=100`);
  expect(response.status).toBe(200);
  return response.body.items as { eventId: string; attempt: number; status: number | null; error: string | null }[];
};

const createContact = async () => {
  const created = await api.request('POST', '/api/contacts', {
    body: { firstName: 'Erika', lastName: unique('Mustermann'), email: `${unique('erika')}@example.com` },
  });
  expect(created.status).toBe(201);
  return created.body;
};

const renameContact = async (contact: { id: string; email: string }, firstName: string) => {
  const replaced = await api.request('PUT', `/api/contacts/${contact.id}`, {
    body: { firstName, lastName: 'Mustermann', email: contact.email },
  });
  expect(replaced.status).toBe(200);
  return replaced.body;
};

describe('POST /api/webhooks', () => {
  it('answers 201 with the secret this once and keeps it only encrypted, bound to the webhook', async () => {
    const created = await api.request('POST', '/api/webhooks', {
      body: { url: 'http://127.0.0.1:9/hooks', types: ['contact.created', 'contract.signed'], description: 'Door' },
    });

    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/webhooks/${created.body.id}`);
    expect(created.headers.get('etag')).toBe('"1"');
    expect(created.body).toMatchObject({
      url: 'http://127.0.0.1:9/hooks',
      types: ['contact.created', 'contract.signed'],
      description: 'Door',
      status: 'active',
      version: 1,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
    });
    webhookIds.push(created.body.id);
    const { secret, ...withoutSecret } = created.body;
    const fetched = await api.request('GET', `/api/webhooks/${created.body.id}`);
    expect(fetched.body).toEqual(withoutSecret);
    const listed = await api.request('GET', '/api/webhooks?limit=100');
    expect(listed.body.items).toContainEqual(withoutSecret);
    expect(listed.text).not.toContain(secret);
    const { Item } = await tableClient().send(
      new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `WEBHOOK#${created.body.id}`, sk: 'WEBHOOK' } }),
    );
    expect(JSON.stringify(Item)).not.toContain(secret.slice('whsec_'.length));
    expect(Item?.encryptedSecret).toMatch(/^local:v1:/);
  });

  it('refuses staff (403), event types it does not know, an empty list, "*" with other types and repeats (400)', async () => {
    const url = 'http://127.0.0.1:9/hooks';
    const asStaff = await api.request('POST', '/api/webhooks', { body: { url, types: ['*'] }, as: 'staff' });
    const bodies = [
      { url, types: ['contact.renamed'] },
      { url, types: [] },
      { url, types: ['*', 'contact.created'] },
      { url, types: ['contact.created', 'contact.created'] },
      { url, types: ['*'], status: 'disabled' },
    ];

    const answers = await Promise.all(bodies.map((body) => api.request('POST', '/api/webhooks', { body })));

    expect(asStaff.status).toBe(403);
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.map((answer) => answer.body.errors[0].path)).toEqual([
      'types.0',
      'types',
      'types',
      'types',
      'status',
    ]);
  });

  describe('in AWS (WEBHOOK_DESTINATIONS unset)', () => {
    beforeAll(() => {
      delete process.env.WEBHOOK_DESTINATIONS;
      return () => {
        process.env.WEBHOOK_DESTINATIONS = 'local';
      };
    });

    it.each([
      ['plain http', 'http://hooks.example.com/studio', 'url must use https'],
      ['a private address', 'https://10.0.0.7/hooks', 'url must not point to a private address (10.0.0.7)'],
      ['the metadata service', 'https://169.254.169.254/latest/meta-data/', 'link-local'],
      ['loopback', 'https://127.0.0.1/hooks', 'loopback'],
      ['localhost', 'https://localhost/hooks', 'loopback'],
      ['an IPv4-mapped loopback', 'https://[::ffff:7f00:1]/hooks', 'loopback'],
      ['a unique local IPv6 address', 'https://[fd12:3456::1]/hooks', 'private'],
      ['the loopback the local server allows', 'http://127.0.0.1:8080/hooks', 'url must use https'],
    ])('refuses %s with 400 naming url', async (_name, url, reason) => {
      const created = await api.request('POST', '/api/webhooks', { body: { url, types: ['*'] } });

      expect(created.status).toBe(400);
      expect(created.body.errors).toEqual([{ path: 'url', message: expect.stringContaining(reason) }]);
    });

    it('refuses a replace that points an existing webhook at the metadata service', async () => {
      process.env.WEBHOOK_DESTINATIONS = 'local';
      const { webhook } = await subscribe();
      delete process.env.WEBHOOK_DESTINATIONS;

      const replaced = await api.request('PUT', `/api/webhooks/${webhook.id}`, {
        body: { url: 'https://169.254.169.254/latest/meta-data/', types: ['*'] },
      });

      expect(replaced.status).toBe(400);
      expect(replaced.body.errors[0].path).toBe('url');
      expect((await api.request('GET', `/api/webhooks/${webhook.id}`)).body.url).toBe(webhook.url);
    });
  });
});

describe('a receiver subscribed to "*"', () => {
  it('gets every event type, once, signed and verified by the standard library', async () => {
    const { receiver } = await subscribe(['*']);
    const contact = await createContact();
    const updated = await renameContact(contact, 'Erika Maria');
    const service = await api.request('POST', '/api/services', {
      body: { name: unique('Yoga '), price: { amount: 4900, currency: 'EUR' }, billingInterval: 'month' },
    });
    const serviceReplaced = await api.request('PUT', `/api/services/${service.body.id}`, {
      body: { name: unique('Yoga '), price: { amount: 5900, currency: 'EUR' }, billingInterval: 'month' },
    });
    const studio = await api.request('GET', '/api/studio');
    const { id: _id, version: _version, createdAt, updatedAt, createdBy, updatedBy, ...profile } = studio.body;
    const studioReplaced = await api.request('PUT', '/api/studio', { body: profile });
    const contractBody = { contactId: contact.id, items: [{ serviceId: service.body.id }], startDate: '2026-01-15' };
    const offer = await api.request('POST', '/api/contracts', { body: contractBody });
    const cancelled = await api.request('POST', `/api/contracts/${offer.body.id}/cancellation`, {
      body: { reason: 'Abgelehnt' },
    });
    const contract = await api.request('POST', '/api/contracts', { body: contractBody });
    const signed = await api.request('POST', `/api/contracts/${contract.body.id}/signatures`, {
      body: {
        role: 'customer',
        signerName: 'Erika Mustermann',
        documentHash: contract.body.documentHash,
        signatureImage: png,
        consent: true,
      },
    });
    const copy = await api.request('POST', `/api/contracts/${contract.body.id}/copies`, { body: {} });
    const terminated = await api.request('POST', `/api/contracts/${contract.body.id}/termination`, { body: {} });
    const withdrawn = await api.request('DELETE', `/api/contracts/${contract.body.id}/termination`);
    const other = await createContact();
    const deleted = await api.request('DELETE', `/api/contacts/${other.id}`);
    expect([serviceReplaced, studioReplaced, cancelled, terminated].map((response) => response.status)).toEqual([
      200, 200, 200, 200,
    ]);
    expect([signed.status, copy.status, withdrawn.status, deleted.status]).toEqual([201, 201, 204, 204]);
    const expected = [
      ['contact.created', contact.id, 1],
      ['contact.updated', contact.id, updated.version],
      ['service.created', service.body.id, 1],
      ['service.updated', service.body.id, serviceReplaced.body.version],
      ['studio.updated', expect.any(String), studioReplaced.body.version],
      ['contract.created', offer.body.id, 1],
      ['contract.cancelled', offer.body.id, cancelled.body.version],
      ['contract.created', contract.body.id, 1],
      ['contract.signed', contract.body.id, signed.body.version],
      ['contract.copy_sent', contract.body.id, signed.body.version],
      ['contract.terminated', contract.body.id, terminated.body.version],
      ['contract.termination_withdrawn', contract.body.id, terminated.body.version + 1],
      ['contact.created', other.id, 1],
      ['contact.deleted', other.id, 1],
    ];

    const arrived = await receiver.waitFor(expected.length, deliveryTimeoutMs);

    expect(arrived.every((delivery) => delivery.verified && delivery.answeredStatus === 200)).toBe(true);
    const events = arrived.map((delivery) => delivery.event as WebhookEvent);
    expect(new Set(arrived.map((delivery) => delivery.webhookId)).size).toBe(expected.length);
    expect(arrived.map((delivery) => delivery.webhookId)).toEqual(events.map((event) => event.id));
    const sorted = [...events].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(sorted.map((event) => [event.type, event.data.id, event.data.version])).toEqual(expected);
    // Per resource in the order of the changes; across resources in any order.
    for (const id of new Set(events.map((event) => event.data.id))) {
      const versions = events.filter((event) => event.data.id === id).map((event) => event.data.version);
      expect(versions, id).toEqual([...versions].sort((a, b) => a - b));
    }
    for (const event of events) expect(Object.keys(event).sort()).toEqual(['data', 'id', 'occurredAt', 'type']);
    const feed = await api.request('GET', '/api/events?limit=100');
    for (const event of events) expect(feed.body.items).toContainEqual(event);
    expect(await receiver.waitFor(expected.length + 1, 1_000).catch(() => 'no more')).toBe('no more');
  });

  it('only gets the types it subscribed to', async () => {
    const contacts = await subscribe(['contact.updated']);
    const everything = await subscribe(['*']);
    const contact = await createContact();
    await renameContact(contact, 'Erika Maria');

    await everything.receiver.waitFor(2, deliveryTimeoutMs);
    const [only] = await contacts.receiver.waitFor(1, deliveryTimeoutMs);

    expect(only?.event).toMatchObject({ type: 'contact.updated' });
    expect(await contacts.receiver.waitFor(2, 1_000).catch(() => 'no more')).toBe('no more');
  });
});

describe('retries', () => {
  it('deliver after 500, 500, 500 on the fourth attempt, each after its pause, and log every attempt', async () => {
    const { webhook, receiver } = await subscribe();
    receiver.answer(500, 500, 500);
    const contact = await createContact();

    const arrived = await receiver.waitFor(4, deliveryTimeoutMs);

    expect(arrived.map((delivery) => delivery.answeredStatus)).toEqual([500, 500, 500, 200]);
    expect(new Set(arrived.map((delivery) => delivery.webhookId)).size).toBe(1);
    expect(arrived.every((delivery) => (delivery.event as WebhookEvent).data.id === contact.id)).toBe(true);
    for (const [index, pause] of pauses.slice(0, 3).entries()) {
      const gap = (arrived[index + 1]?.receivedAt ?? 0) - (arrived[index]?.receivedAt ?? 0);
      // Never sooner than the schedule says (timers may fire a millisecond early); later is the machine's business.
      expect(gap, `pause after attempt ${index + 1}`).toBeGreaterThanOrEqual(pause - 5);
    }
    const attempts = await eventually(
      () => deliveriesOf(webhook.id),
      (items) => items.length === 4,
    );
    expect(attempts).toEqual([
      {
        id: expect.any(String),
        eventId: arrived[0]?.webhookId,
        attempt: 4,
        attemptedAt: expect.any(String),
        status: 200,
        durationMs: expect.any(Number),
        error: null,
      },
      {
        id: expect.any(String),
        eventId: arrived[0]?.webhookId,
        attempt: 3,
        attemptedAt: expect.any(String),
        status: 500,
        durationMs: expect.any(Number),
        error: 'The receiver answered 500',
      },
      {
        id: expect.any(String),
        eventId: arrived[0]?.webhookId,
        attempt: 2,
        attemptedAt: expect.any(String),
        status: 500,
        durationMs: expect.any(Number),
        error: 'The receiver answered 500',
      },
      {
        id: expect.any(String),
        eventId: arrived[0]?.webhookId,
        attempt: 1,
        attemptedAt: expect.any(String),
        status: 500,
        durationMs: expect.any(Number),
        error: 'The receiver answered 500',
      },
    ]);
  });

  it('410 Gone disables the webhook and ends the retries; PUT with status "active" enables it again', async () => {
    const { webhook, receiver } = await subscribe();
    // Another endpoint of the same events, refusing its first two: its retries keep the schedule a retry of the 410 would.
    const witness = await subscribe();
    receiver.answer(410);
    witness.receiver.answer(500, 500);
    const contact = await createContact();

    await receiver.waitFor(1, deliveryTimeoutMs);
    const disabled = await eventually(
      () => api.request('GET', `/api/webhooks/${webhook.id}`),
      (response) => response.body.status === 'disabled',
    );
    const updated = await renameContact(contact, 'Erika Maria');
    // Past both points: the witness took the creation on its third attempt (two retries of the schedule) and, after
    // it in the contact's order, the rename the disabled webhook must not get.
    await eventually(
      () =>
        eventsOf(witness.receiver, contact.id)
          .filter((delivery) => delivery.answeredStatus === 200)
          .map((delivery) => (delivery.event as WebhookEvent).type),
      (types) => types.includes('contact.created') && types.includes('contact.updated'),
    );

    expect(disabled.body).toMatchObject({ status: 'disabled', version: 2, updatedBy: null });
    expect(receiver.deliveries).toHaveLength(1);
    const attempts = await deliveriesOf(webhook.id);
    expect(attempts).toMatchObject([{ attempt: 1, status: 410, error: 'The receiver answered 410 Gone' }]);

    const enabled = await api.request('PUT', `/api/webhooks/${webhook.id}`, {
      body: { url: webhook.url, types: ['*'], status: 'active' },
      headers: { 'if-match': '"2"' },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ status: 'active', version: 3 });
    const again = await renameContact(updated, 'Erika');
    const [, next] = await receiver.waitFor(2, deliveryTimeoutMs);
    expect(next?.event).toMatchObject({ type: 'contact.updated', data: { id: contact.id, version: again.version } });
  });

  it('bring a receiver that was down for a while everything it missed, each resource in order', async () => {
    const { webhook, receiver } = await subscribe();
    await receiver.down();
    const first = await createContact();
    const second = await createContact();
    const renamed = await renameContact(first, 'Erika Maria');
    await renameContact(renamed, 'Erika');
    await eventually(
      () => deliveriesOf(webhook.id),
      (items) => items.filter((item) => item.status === null).length >= 3,
    );

    await receiver.up();
    await eventually(
      () => receiver.deliveries.filter((delivery) => delivery.answeredStatus === 200).length,
      (count) => count >= 4,
    );

    const versionsOf = (id: string) =>
      eventsOf(receiver, id)
        .filter((delivery) => delivery.answeredStatus === 200)
        .map((delivery) => (delivery.event as WebhookEvent).data.version);
    expect(versionsOf(first.id)).toEqual([1, 2, 3]);
    expect(versionsOf(second.id)).toEqual([1]);
    const failed = (await deliveriesOf(webhook.id)).filter((item) => item.status === null);
    expect(failed[0]?.error).toMatch(/ECONNREFUSED/);
  });

  it('give an event up after the last attempt of the schedule and say so on that attempt', async () => {
    const { webhook, receiver } = await subscribe();
    receiver.answer(...pauses.map(() => 503), 503);
    const contact = await createContact();

    const attempts = await eventually(
      () => deliveriesOf(webhook.id),
      (items) => items.length === pauses.length + 1,
      60_000,
    );
    // The contact's next event waits in its group until the given-up one is done with: once it has arrived, no
    // further attempt of the first can come.
    await renameContact(contact, 'Erika Maria');
    await eventually(
      () => eventsOf(receiver, contact.id).map((delivery) => (delivery.event as WebhookEvent).type),
      (types) => types.includes('contact.updated'),
    );

    const created = eventsOf(receiver, contact.id).filter(
      (delivery) => (delivery.event as WebhookEvent).type === 'contact.created',
    );
    expect(created).toHaveLength(pauses.length + 1);
    expect(attempts[0]).toMatchObject({
      attempt: pauses.length + 1,
      status: 503,
      error: `The receiver answered 503; given up after ${pauses.length + 1} attempts`,
    });
    expect((await deliveriesOf(webhook.id)).filter((item) => item.eventId === attempts[0]?.eventId)).toHaveLength(
      pauses.length + 1,
    );
  }, 90_000);
});

describe('GET, PUT and DELETE /api/webhooks/:id', () => {
  it('replaces with If-Match, disables, deletes, and answers 404 afterwards', async () => {
    const { webhook, receiver } = await subscribe(['contact.created'], 'Door');
    const witness = await subscribe(['contact.created']);

    const stale = await api.request('PUT', `/api/webhooks/${webhook.id}`, {
      body: { url: webhook.url, types: ['*'] },
      headers: { 'if-match': '"7"' },
    });
    const disabled = await api.request('PUT', `/api/webhooks/${webhook.id}`, {
      body: { url: webhook.url, types: ['*'], status: 'disabled' },
      headers: { 'if-match': '"1"' },
    });
    const contact = await createContact();
    // Dispatched past the disabled webhook: the active one got it.
    await eventually(
      () => eventsOf(witness.receiver, contact.id),
      (deliveries) => deliveries.length > 0,
    );
    const deleted = await api.request('DELETE', `/api/webhooks/${webhook.id}`);
    const gone = await api.request('GET', `/api/webhooks/${webhook.id}`);
    const goneDeliveries = await api.request('GET', `/api/webhooks/${webhook.id}/deliveries`);

    expect(stale.status).toBe(412);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ status: 'disabled', types: ['*'], description: null, version: 2 });
    expect(receiver.deliveries).toHaveLength(0);
    expect(deleted.status).toBe(204);
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe('No webhook has this id');
    expect(goneDeliveries.status).toBe(404);
  });

  it('lets staff neither read nor change webhooks', async () => {
    const { webhook } = await subscribe();

    const answers = await Promise.all([
      api.request('GET', '/api/webhooks', { as: 'staff' }),
      api.request('GET', `/api/webhooks/${webhook.id}`, { as: 'staff' }),
      api.request('GET', `/api/webhooks/${webhook.id}/deliveries`, { as: 'staff' }),
      api.request('PUT', `/api/webhooks/${webhook.id}`, { body: { url: webhook.url, types: ['*'] }, as: 'staff' }),
      api.request('DELETE', `/api/webhooks/${webhook.id}`, { as: 'staff' }),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);
  });
});

describe('the dispatcher', () => {
  const record = (sequence: string, item: Record<string, unknown>, eventName = 'INSERT') => ({
    eventName,
    dynamodb: { SequenceNumber: sequence, NewImage: marshall(item, { removeUndefinedValues: true }) },
  });

  it('queues inserted events for the active webhooks of their type that existed when they happened', async () => {
    const { dispatchRecords } = await import('../../shared/webhooks/dispatcher.ts');
    const { eventItem } = await import('../../shared/outbox/outbox.ts');
    const event = {
      id: '01JD4ZA1B4C7D0E3F6G9H2J5K8',
      type: 'contact.updated' as const,
      occurredAt: '2026-11-22T10:25:00.000Z',
      data: { object: 'contact' as const, id: '01JD4Z5C8D1E4F7G0H3J6K9M2N', version: 2 },
    };
    const webhooks = [
      { id: 'W1', status: 'active' as const, types: ['*'], createdAt: '2026-11-22T10:00:00.000Z' },
      { id: 'W2', status: 'active' as const, types: ['contact.updated'], createdAt: '2026-11-22T10:25:00.000Z' },
      { id: 'W3', status: 'active' as const, types: ['contact.created'], createdAt: '2026-11-22T10:00:00.000Z' },
      { id: 'W4', status: 'active' as const, types: ['*'], createdAt: '2026-11-22T10:25:00.001Z' },
    ];
    const sent: { body: unknown; options: unknown }[] = [];

    const failed = await dispatchRecords(
      [
        record('1', { pk: 'CONTACT#1', sk: 'CONTACT', entity: 'contact' }),
        record('2', eventItem(event)),
        record('3', eventItem(event), 'MODIFY'),
      ],
      {
        activeWebhooks: async () => webhooks,
        queue: { send: async (body, options) => void sent.push({ body, options }) },
      },
    );

    expect(failed).toBeUndefined();
    expect(sent).toEqual(
      ['W1', 'W2'].map((webhookId) => ({
        body: { eventId: event.id, webhookId, event },
        options: { groupId: `${webhookId}.contact.${event.data.id}`, deduplicationId: `${event.id}.${webhookId}` },
      })),
    );
  });

  it('names the first record it could not queue, so the stream hands it and the later ones out again', async () => {
    const { dispatchRecords } = await import('../../shared/webhooks/dispatcher.ts');
    const { eventItem } = await import('../../shared/outbox/outbox.ts');
    const eventAt = (id: string) => ({
      id,
      type: 'service.created' as const,
      occurredAt: '2026-11-22T10:25:00.000Z',
      data: { object: 'service' as const, id: '01JD4Z5C8D1E4F7G0H3J6K9M2N', version: 1 },
    });
    let sends = 0;

    const failed = await dispatchRecords(
      [
        record('7', eventItem(eventAt('01JD4ZA1B4C7D0E3F6G9H2J5K8'))),
        record('8', eventItem(eventAt('01JD4ZA1B4C7D0E3F6G9H2J5K9'))),
        record('9', eventItem(eventAt('01JD4ZA1B4C7D0E3F6G9H2J5KA'))),
      ],
      {
        activeWebhooks: async () => [
          { id: 'W1', status: 'active', types: ['*'], createdAt: '2026-01-01T00:00:00.000Z' },
        ],
        queue: {
          send: async () => {
            sends += 1;
            if (sends === 2) throw new Error('SQS is unavailable');
          },
        },
      },
    );

    expect(failed).toBe('8');
    expect(sends).toBe(2);
  });
});
