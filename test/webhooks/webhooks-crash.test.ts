import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { WebhookEvent } from '../../shared/webhooks/event.ts';
import { unique } from '../support/api.ts';
import { type LocalServer, npmStart, useNpmStart } from '../support/npm-start.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

useNpmStart();
const cleanUps: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanUp of cleanUps) await cleanUp();
});

/** `npm start` on the run's DynamoDB Local and a data folder that outlives it. */
const start = npmStart;

const kill = async (server: LocalServer) => {
  server.child.kill('SIGKILL');
  await server.stopped;
};

const call = async (server: LocalServer, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as any };
};

const eventually = async <T>(look: () => Promise<T> | T, condition: (value: T) => boolean, timeoutMs = 90_000) => {
  const started = Date.now();
  for (;;) {
    const value = await look();
    if (condition(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Not within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** What the receiver keeps after deduplicating by `webhook-id`: each event's first verified 2xx. */
const deliveredEvents = (receiver: WebhookReceiver): Map<string, WebhookEvent> =>
  new Map(
    receiver.deliveries
      .filter((delivery) => delivery.verified && delivery.answeredStatus === 200)
      .map((delivery) => [delivery.webhookId, delivery.event as WebhookEvent]),
  );

describe('a local server SIGKILLed between a change and its delivery', () => {
  it('delivers the event after a restart on the same data folder, whether or not it was queued', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-webhooks-crash-'));
    cleanUps.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
      TABLE_NAME: `studio-api-crash-${unique()}`,
      DATA_DIR: dataDir,
      WEBHOOK_RETRY_SCHEDULE_MS: '300,600,900,1200,1500,1800,2100,2400,2700,3000',
      LOG_LEVEL: 'WARN',
    };
    let server = await start(env);
    const receiverPort = await getPort({ host: '127.0.0.1' });
    const webhook = await call(server, 'POST', '/api/webhooks', {
      url: `http://127.0.0.1:${receiverPort}/hooks`,
      types: ['*'],
    });
    expect(webhook.status).toBe(201);
    const receiver = await startWebhookReceiver(webhook.body.secret, { port: receiverPort });
    cleanUps.push(() => receiver.close());
    // Down, so that nothing can be delivered before the kill.
    await receiver.down();

    // 1. Killed right after the change was answered: the stream has most likely not been read yet.
    const created = await call(server, 'POST', '/api/contacts', { firstName: 'Ada', lastName: unique('Crash') });
    expect(created.status).toBe(201);
    await kill(server);
    server = await start(env);
    await receiver.up();
    const afterFirst = await eventually(
      () => deliveredEvents(receiver),
      (events) => [...events.values()].some((event) => event.data.id === created.body.id),
    );

    // 2. Killed while the event waits in the local queue for its retry (one attempt already failed).
    await receiver.down();
    const renamed = await call(server, 'PUT', `/api/contacts/${created.body.id}`, {
      firstName: 'Augusta Ada',
      lastName: created.body.lastName,
    });
    expect(renamed.status).toBe(200);
    await eventually(
      () => call(server, 'GET', `/api/webhooks/${webhook.body.id}/deliveries`),
      (response) => response.body.items.some((item: { status: number | null }) => item.status === null),
    );
    await kill(server);
    server = await start(env);
    await receiver.up();
    const delivered = await eventually(
      () => deliveredEvents(receiver),
      (events) => [...events.values()].some((event) => event.type === 'contact.updated'),
    );

    const events = await call(server, 'GET', '/api/events?limit=100');
    expect(events.body.items.map((event: WebhookEvent) => [event.type, event.data.version])).toEqual([
      ['contact.created', 1],
      ['contact.updated', 2],
    ]);
    // Every event of the feed reached the receiver (at least once; deduplicated by webhook-id), as it was written.
    for (const event of events.body.items) expect(delivered.get(event.id)).toEqual(event);
    expect(afterFirst.size).toBe(1);
    expect(receiver.deliveries.every((delivery) => delivery.verified)).toBe(true);
    server.child.kill('SIGTERM');
    await server.stopped;
  }, 240_000);
});
