import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import getPort from 'get-port';
import { startLocalBackgroundFunctions } from '#infra/local/background-functions.ts';
import { ensureTable } from '#infra/local/ensure-table.ts';
import { localEventQueueFolder, openLocalQueue } from '#infra/local/event-queue/local-queue.ts';
import type { WebhookEvent } from '#shared/webhooks/event.ts';
import { type ReceivedDelivery, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { nextTag, withTable } from './fixtures.ts';
import { callRoute } from './handlers.ts';
import { sampleEvent } from './sample-events.ts';
import { type Latency, latency, round } from './stats.ts';

export interface EndpointTally {
  /** Requests the endpoint got for the changes, every attempt counted. */
  requests: number;
  /** Distinct `webhook-id`s among them that belong to the run's changes: must equal the number of changes. */
  distinctEvents: number;
  lost: number;
  /** Repeats of an event the endpoint had already answered with a 2xx: more than at least once allows. */
  duplicatesBeyondRetries: number;
  /** Requests the Standard Webhooks library refused. */
  unverified: number;
}

export interface WebhookResult {
  endpoints: number;
  /** Each change waited for at every endpoint before the next: ms from the change's request to each delivery. */
  idle: { changes: number; delivery: Latency; handler: Latency };
  /** Changes made as fast as 10 clients can, then every delivery awaited. */
  burst: {
    changes: number;
    clients: number;
    /** ms from the first change to the last delivery. */
    elapsedMs: number;
    deliveriesPerSecond: number;
    delivery: Latency;
    byEndpoint: EndpointTally[];
  };
}

export interface WebhookOptions {
  /** Changes of the idle measurement. */
  latencyChanges: number;
  /** Changes of the burst (issue 15: 1,000). */
  changes: number;
  endpoints: number;
  /** The table the part uses alone: its stream carries only this part's events. */
  table?: string;
  endpoint: string;
}

const clients = 10;
const deliveryTimeoutMs = 10 * 60_000;

/** Creates a contact through the handler: one change, announced as `contact.created`. */
const change = async (): Promise<{ id: string; startedAt: number; answeredAt: number }> => {
  const startedAt = performance.now();
  const contact = await callRoute<{ id: string }>(
    'contacts-create',
    sampleEvent('contacts-create', { tag: nextTag() }),
  );
  return { id: contact.id, startedAt, answeredAt: performance.now() };
};

/** A webhook for `contact.created` at a new loopback receiver, created through the handler. */
const subscribe = async (): Promise<WebhookReceiver> => {
  const port = await getPort({ host: '127.0.0.1' });
  const event = sampleEvent('webhooks-create');
  event.body = JSON.stringify({ url: `http://127.0.0.1:${port}/hooks`, types: ['contact.created'] });
  event.headers = { ...event.headers, 'content-type': 'application/json' };
  const { secret } = await callRoute<{ secret: string }>('webhooks-create', event);
  return startWebhookReceiver(secret, { port });
};

const resourceOf = (delivery: ReceivedDelivery) => (delivery.event as Partial<WebhookEvent>).data?.id;

/** Waits until `done` holds, looking every 20 ms. */
const until = async (done: () => boolean | Promise<boolean>, what: string) => {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > deliveryTimeoutMs) throw new Error(`Not within ${deliveryTimeoutMs / 1000} s: ${what}`);
    await sleep(20);
  }
};

const tally = (receiver: WebhookReceiver, changes: ReadonlyMap<string, unknown>): EndpointTally => {
  const byEvent = new Map<string, ReceivedDelivery[]>();
  const ours = receiver.deliveries.filter((delivery) => changes.has(resourceOf(delivery) ?? ''));
  for (const delivery of ours) {
    byEvent.set(delivery.webhookId, [...(byEvent.get(delivery.webhookId) ?? []), delivery]);
  }
  // A repeat is at least once's right only after an attempt that was not answered with a 2xx.
  const beyondRetries = [...byEvent.values()].reduce((sum, attempts) => {
    const firstSuccess = attempts.findIndex((attempt) => attempt.answeredStatus >= 200 && attempt.answeredStatus < 300);
    return sum + (firstSuccess < 0 ? 0 : attempts.length - 1 - firstSuccess);
  }, 0);
  return {
    requests: ours.length,
    distinctEvents: byEvent.size,
    lost: changes.size - byEvent.size,
    duplicatesBeyondRetries: beyondRetries,
    unverified: ours.filter((delivery) => !delivery.verified).length,
  };
};

/** ms from each change's request to each of its deliveries. */
const deliveryTimes = (
  receivers: readonly WebhookReceiver[],
  changes: ReadonlyMap<string, { startedAt: number }>,
): number[] =>
  receivers.flatMap((receiver) =>
    receiver.deliveries.flatMap((delivery) => {
      const made = changes.get(resourceOf(delivery) ?? '');
      return made ? [delivery.receivedAt - made.startedAt] : [];
    }),
  );

/**
 * Issue 15's figures, locally: contacts created through the handler against
 * DynamoDB Local, announced through the table's stream, the local stream
 * poller, the dispatcher, the local delivery queue and the delivery handler
 * (as `npm start` runs them, with its poll intervals), to loopback receivers
 * that verify every request with the `standardwebhooks` package.
 */
export const measureWebhooks = async (options: WebhookOptions): Promise<WebhookResult> => {
  const table = options.table ?? 'studio-api-webhooks';
  const tableClient = new DynamoDBClient({ endpoint: options.endpoint });
  await ensureTable(tableClient, table);
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-bench-webhooks-'));
  const destinations = process.env.WEBHOOK_DESTINATIONS;
  // The local server's rule: http to 127.0.0.1 is allowed (AWS allows only https to public addresses).
  process.env.WEBHOOK_DESTINATIONS = 'local';
  const receivers: WebhookReceiver[] = [];
  try {
    return await withTable(table, async () => {
      for (let i = 0; i < options.endpoints; i++) receivers.push(await subscribe());
      const delivery = await startLocalBackgroundFunctions({
        dataDir,
        endpoint: options.endpoint,
        tableName: table,
        only: ['webhooks-dispatch', 'webhooks-deliver'],
      });
      try {
        const idleChanges = new Map<string, { startedAt: number; answeredAt: number }>();
        for (let i = 0; i < options.latencyChanges; i++) {
          const made = await change();
          idleChanges.set(made.id, made);
          await until(
            () => receivers.every((receiver) => receiver.deliveries.some((d) => resourceOf(d) === made.id)),
            `the delivery of change ${i + 1}`,
          );
        }
        const idle = {
          changes: options.latencyChanges,
          delivery: latency(deliveryTimes(receivers, idleChanges)),
          handler: latency([...idleChanges.values()].map((made) => made.answeredAt - made.startedAt)),
        };

        const burstChanges = new Map<string, { startedAt: number }>();
        const started = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: clients }, async () => {
            while (next < options.changes) {
              next++;
              const made = await change();
              burstChanges.set(made.id, made);
            }
          }),
        );
        const queue = openLocalQueue(localEventQueueFolder(dataDir));
        await until(
          async () =>
            receivers.every((receiver) => tally(receiver, burstChanges).lost === 0) &&
            (await queue.messages()).length === 0,
          `${options.changes} changes at ${options.endpoints} endpoints`,
        );
        const lastDelivery = Math.max(...receivers.flatMap((r) => r.deliveries.map((d) => d.receivedAt)));
        // A later change, delivered everywhere, proves the stream was read past the burst: a batch of it handed out
        // again would have been delivered before this marker, so the repeats are counted on the whole pipeline.
        const marker = await change();
        await until(
          async () =>
            receivers.every((receiver) => receiver.deliveries.some((delivery) => resourceOf(delivery) === marker.id)),
          'the marker change after the burst',
        );
        const deliveries = options.changes * options.endpoints;
        return {
          endpoints: options.endpoints,
          idle,
          burst: {
            changes: options.changes,
            clients,
            elapsedMs: round(lastDelivery - started, 0),
            deliveriesPerSecond: round(deliveries / ((lastDelivery - started) / 1000), 1),
            delivery: latency(deliveryTimes(receivers, burstChanges)),
            byEndpoint: receivers.map((receiver) => tally(receiver, burstChanges)),
          },
        };
      } finally {
        await delivery.stop();
      }
    });
  } finally {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    if (destinations === undefined) delete process.env.WEBHOOK_DESTINATIONS;
    else process.env.WEBHOOK_DESTINATIONS = destinations;
    rmSync(dataDir, { recursive: true, force: true });
    // DynamoDB Local slows down as it holds more (its stream records too): the parts after this one need none of it.
    await tableClient.send(new DeleteTableCommand({ TableName: table }));
    tableClient.destroy();
  }
};
