import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KMSClient } from '@aws-sdk/client-kms';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalQueueWorker } from '../../infra/local/event-queue/worker.ts';
import { newId } from '../../shared/http/ids.ts';
import { deliverWebhook } from '../../shared/webhooks/deliver.ts';
import {
  type DeliveryAttempt,
  type DeliveryMessage,
  type DeliveryWebhook,
  deliveriesOf,
  handleDelivery,
} from '../../shared/webhooks/delivery-worker.ts';
import { checkWebhookDestination, type HostResolver } from '../../shared/webhooks/destination.ts';
import { eventSchema, eventTypes, matches, objectOf, type WebhookEvent } from '../../shared/webhooks/event.ts';
import { defaultRetrySchedule, nextAttemptDelay, retrySchedule } from '../../shared/webhooks/schedule.ts';
import { kmsSecretBox, localSecretBox } from '../../shared/webhooks/secret-box.ts';
import { newWebhookSecret, signWebhook } from '../../shared/webhooks/signature.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const receivers: WebhookReceiver[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

const receiverFor = async (secret: string, options?: Parameters<typeof startWebhookReceiver>[1]) => {
  const receiver = await startWebhookReceiver(secret, options);
  receivers.push(receiver);
  return receiver;
};

const anEvent = (type: WebhookEvent['type'] = 'contact.updated', resourceId = newId(), version = 2): WebhookEvent =>
  v.parse(eventSchema, {
    id: newId(),
    type,
    occurredAt: new Date().toISOString(),
    data: { object: objectOf(type), id: resourceId, version },
  });

const local = { mode: 'local' } as const;

describe('a signed delivery', () => {
  it('arrives as JSON with Standard Webhooks headers that the standard library verifies', async () => {
    const secret = newWebhookSecret();
    const receiver = await receiverFor(secret);
    const event = anEvent('contract.signed');

    const result = await deliverWebhook({ url: receiver.url, secret, event }, local);

    expect(result).toEqual({ outcome: 'delivered', status: 200, durationMs: expect.any(Number), error: null });
    const [delivery] = await receiver.waitFor(1);
    expect(delivery?.verified).toBe(true);
    expect(delivery?.event).toEqual(event);
    expect(delivery?.webhookId).toBe(event.id);
    expect(delivery?.headers['content-type']).toBe('application/json');
    expect(delivery?.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(delivery?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it('of every event type verifies', async () => {
    const secret = newWebhookSecret();
    const receiver = await receiverFor(secret);

    for (const type of eventTypes) {
      const result = await deliverWebhook({ url: receiver.url, secret, event: anEvent(type) }, local);
      expect(result.outcome, type).toBe('delivered');
    }

    expect(receiver.deliveries.map((delivery) => (delivery.event as WebhookEvent).type)).toEqual([...eventTypes]);
    expect(receiver.deliveries.every((delivery) => delivery.verified)).toBe(true);
  });

  it('signed with another secret is refused by the receiver and counts as a failed attempt', async () => {
    const receiver = await receiverFor(newWebhookSecret());

    const result = await deliverWebhook({ url: receiver.url, secret: newWebhookSecret(), event: anEvent() }, local);

    expect(result).toMatchObject({ outcome: 'retry', status: 401 });
    expect(receiver.deliveries[0]?.verified).toBe(false);
  });

  it('uses secrets of whsec_ and the standard base64 of at least 24 random bytes', () => {
    const secrets = new Set(Array.from({ length: 20 }, newWebhookSecret));

    expect(secrets.size).toBe(20);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      expect(Buffer.from(secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);
    }
  });

  it('signs "id.timestamp.body" with the decoded key, as the specification example does', () => {
    // The example of the Standard Webhooks specification (docs/events-and-webhooks.md).
    const headers = signWebhook(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      '{"test": 2432232314}',
      new Date(1614265330_000),
    );

    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });
});

describe('an attempt that is not delivered', () => {
  it('is gone on 410, so the endpoint is disabled', async () => {
    const secret = newWebhookSecret();
    const receiver = await receiverFor(secret);
    receiver.answer(410);

    const result = await deliverWebhook({ url: receiver.url, secret, event: anEvent() }, local);

    expect(result).toMatchObject({ outcome: 'gone', status: 410 });
  });

  it('is a failure on a redirect, which is not followed', async () => {
    const secret = newWebhookSecret();
    const receiver = await receiverFor(secret);
    const elsewhere = await receiverFor(secret);
    receiver.answer({ status: 302, headers: { location: elsewhere.url } });

    const result = await deliverWebhook({ url: receiver.url, secret, event: anEvent() }, local);

    expect(result).toMatchObject({ outcome: 'retry', status: 302 });
    expect(result.error).toMatch(/redirects are not followed/);
    expect(elsewhere.deliveries).toHaveLength(0);
  });

  it('is a failure on a timeout, without a status', async () => {
    const secret = newWebhookSecret();
    const receiver = await receiverFor(secret);
    receiver.answer({ status: 200, delayMs: 3_000 });

    const result = await deliverWebhook({ url: receiver.url, secret, event: anEvent() }, { ...local, timeoutMs: 300 });

    expect(result).toMatchObject({ outcome: 'retry', status: null, error: 'No answer within 300 ms' });
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
    expect(result.durationMs).toBeLessThan(2_500);
  });

  it('is a failure when nobody listens, and the result names why but carries no body', async () => {
    const secret = newWebhookSecret();
    const receiver = await receiverFor(secret);
    await receiver.down();

    const result = await deliverWebhook({ url: receiver.url, secret, event: anEvent() }, local);

    expect(result).toMatchObject({ outcome: 'retry', status: null });
    expect(result.error).toMatch(/ECONNREFUSED/);
    expect(Object.keys(result).sort()).toEqual(['durationMs', 'error', 'outcome', 'status']);
  });

  it('reports a 500 with its status only, never the answer body', async () => {
    const secret = newWebhookSecret();
    const receiver = await receiverFor(secret);
    receiver.answer({ status: 500, body: 'TypeError at /srv/app/handler.js:12' });

    const result = await deliverWebhook({ url: receiver.url, secret, event: anEvent() }, local);

    expect(result).toMatchObject({ outcome: 'retry', status: 500, error: 'The receiver answered 500' });
    expect(JSON.stringify(result)).not.toContain('TypeError');
  });
});

describe('destinations (SSRF)', () => {
  const refusedInAws = [
    'http://example.com/hooks',
    'https://10.0.0.1/hooks',
    'https://172.16.5.4/hooks',
    'https://192.168.1.1/hooks',
    'https://127.0.0.1/hooks',
    'https://127.1.2.3:8443/hooks',
    'https://localhost/hooks',
    'https://[::1]/hooks',
    'https://169.254.169.254/latest/meta-data/',
    'https://169.254.10.20/',
    'https://[fe80::1]/',
    'https://[fd00:ec2::254]/',
    'https://[fc00::1]/',
    'https://100.64.0.1/',
    'https://0.0.0.0/',
    'https://[::]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:169.254.169.254]/',
    'https://[::ffff:10.0.0.1]/',
    'https://[::ffff:a9fe:a9fe]/',
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://2130706433/',
    'https://0x7f.1/',
    'https://user:password@example.com/',
    'ftp://example.com/',
    'not a url',
  ];

  // Names resolve through this map only: tests never depend on DNS or reach outside the machine.
  const resolverOf =
    (names: Record<string, string[]>): HostResolver =>
    async (hostname) => {
      const addresses = names[hostname];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const resolve = resolverOf({
    'example.com': ['93.184.215.14'],
    'hooks.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'split.example': ['93.184.215.14', '10.1.2.3'],
    'metadata.example': ['169.254.169.254'],
    'rebind.example': ['127.0.0.1'],
    localhost: ['127.0.0.1', '::1'],
  });

  it.each(refusedInAws)('refuses %s in AWS with a message about url', async (url) => {
    const refusal = await checkWebhookDestination(url, 'aws', resolve).then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(refusal).toMatchObject({ name: 'WebhookDestinationRefused', field: 'url' });
    expect((refusal as Error).message).toMatch(/^url/);
  });

  it.each([
    ['split.example', /private address \(10\.1\.2\.3\)/],
    ['metadata.example', /link-local address \(169\.254\.169\.254\)/],
    ['rebind.example', /loopback/],
    ['unknown.example', /could not be resolved/],
  ])('checks every address %s resolves to', async (host, message) => {
    await expect(checkWebhookDestination(`https://${host}/hooks`, 'aws', resolve)).rejects.toThrow(message);
  });

  it('accepts https to a name whose every address is public, and keeps the addresses it checked', async () => {
    const destination = await checkWebhookDestination('https://hooks.example:8443/in', 'aws', resolve);

    expect(destination.url.href).toBe('https://hooks.example:8443/in');
    expect(destination.addresses.map((entry) => entry.address)).toEqual([
      '93.184.215.14',
      '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
    ]);
  });

  it('allows http and https to 127.0.0.1 and localhost on any port locally, and nothing else private', async () => {
    for (const url of ['http://127.0.0.1:4010/hooks', 'http://localhost:9/hooks', 'https://localhost/hooks']) {
      await expect(checkWebhookDestination(url, 'local', resolve), url).resolves.toBeDefined();
    }
    for (const url of [
      'http://10.0.0.1/',
      'https://169.254.169.254/',
      'http://example.com/',
      'https://rebind.example/',
      'http://[::1]/',
    ]) {
      await expect(checkWebhookDestination(url, 'local', resolve), url).rejects.toThrow(/^url/);
    }
  });

  it('sends nothing to a refused address: the check comes before the connection', async () => {
    const secret = newWebhookSecret();
    const receiver = await receiverFor(secret);

    const result = await deliverWebhook({ url: receiver.url, secret, event: anEvent() }, { mode: 'aws' });

    expect(result).toMatchObject({ outcome: 'retry', status: null, error: 'url must use https' });
    expect(receiver.deliveries).toHaveLength(0);
  });

  it('connects to the address that was checked, not to a second lookup of the name', async () => {
    const secret = newWebhookSecret();
    const usual = await receiverFor(secret);
    // The same port on another loopback address: only a connection to the checked address reaches it.
    const checked = await receiverFor(secret, { host: '127.0.0.2', port: usual.port });
    const url = `http://localhost:${usual.port}/hooks`;

    const result = await deliverWebhook(
      { url, secret, event: anEvent() },
      { ...local, resolve: async () => [{ address: '127.0.0.2', family: 4 }] },
    );

    expect(result.outcome).toBe('delivered');
    expect(checked.deliveries).toHaveLength(1);
    expect(usual.deliveries).toHaveLength(0);
  });
});

describe('the retry schedule', () => {
  it('retries the first time within a minute and keeps trying for at least 24 hours', () => {
    const total = defaultRetrySchedule.reduce((sum, pause) => sum + pause, 0);

    expect(nextAttemptDelay(1, defaultRetrySchedule)).toBeLessThanOrEqual(60_000);
    expect(total).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
    expect(defaultRetrySchedule).toEqual([...defaultRetrySchedule].sort((a, b) => a - b));
    expect(nextAttemptDelay(defaultRetrySchedule.length + 1, defaultRetrySchedule)).toBeNull();
  });

  it('is shortened by WEBHOOK_RETRY_SCHEDULE_MS, and a malformed one is refused', () => {
    expect(retrySchedule({ WEBHOOK_RETRY_SCHEDULE_MS: '50, 100,200' })).toEqual([50, 100, 200]);
    expect(retrySchedule({})).toBe(defaultRetrySchedule);
    expect(() => retrySchedule({ WEBHOOK_RETRY_SCHEDULE_MS: '50,soon' })).toThrow(/WEBHOOK_RETRY_SCHEDULE_MS/);
  });
});

describe('events', () => {
  it('carry ids only, and a type that does not fit its object is refused', () => {
    const event = anEvent('service.created');
    expect(Object.keys(event).sort()).toEqual(['data', 'id', 'occurredAt', 'type']);

    expect(v.safeParse(eventSchema, { ...event, data: { ...event.data, object: 'contact' } }).success).toBe(false);
    expect(v.safeParse(eventSchema, { ...event, data: { ...event.data, email: 'a@b.c' } }).success).toBe(false);
    expect(v.safeParse(eventSchema, { ...event, type: 'service.deleted' }).success).toBe(false);
  });

  it('match a webhook that lists their type, or ["*"]', () => {
    expect(matches(['*'], 'contract.signed')).toBe(true);
    expect(matches(['contract.signed', 'contact.created'], 'contract.signed')).toBe(true);
    expect(matches(['contract.created'], 'contract.signed')).toBe(false);
  });
});

describe('secrets at rest', () => {
  it('are encrypted locally with a key kept under the key folder, bound to their webhook', async () => {
    const keyDirectory = mkdtempSync(join(tmpdir(), 'webhook-keys-'));
    const secret = newWebhookSecret();
    const [webhookId, otherId] = [newId(), newId()];

    const encrypted = await localSecretBox(keyDirectory).encrypt(secret, webhookId);
    const afterRestart = localSecretBox(keyDirectory);

    expect(encrypted).not.toContain(secret.slice('whsec_'.length, 20));
    expect(await afterRestart.decrypt(encrypted, webhookId)).toBe(secret);
    await expect(afterRestart.decrypt(encrypted, otherId)).rejects.toThrow();
    const keyFile = join(keyDirectory, 'webhook-secrets-aes256.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8')).not.toContain(secret);
  });

  it('are encrypted with the configured KMS key and the webhook as encryption context in AWS', async () => {
    const sent: { name: string; input: Record<string, unknown> }[] = [];
    const client = {
      send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
        sent.push({ name: command.constructor.name, input: command.input });
        return command.constructor.name === 'EncryptCommand'
          ? { CiphertextBlob: new Uint8Array([1, 2, 3]) }
          : { Plaintext: Buffer.from('whsec_from-kms') };
      },
    } as unknown as KMSClient;
    const box = kmsSecretBox('alias/webhook-secrets', client);

    const encrypted = await box.encrypt('whsec_plain', 'W1');
    const decrypted = await box.decrypt(encrypted, 'W1');

    expect(encrypted).toBe('kms:AQID');
    expect(decrypted).toBe('whsec_from-kms');
    expect(sent.map((command) => command.name)).toEqual(['EncryptCommand', 'DecryptCommand']);
    for (const { input } of sent) {
      expect(input).toMatchObject({
        KeyId: 'alias/webhook-secrets',
        EncryptionContext: { purpose: 'webhook-secret', webhookId: 'W1' },
      });
    }
  });
});

/** A webhook store in memory: what the data layer will provide, observed as a client would see it. */
const memoryStore = async (webhook: Omit<DeliveryWebhook, 'encryptedSecret'>, secret: string) => {
  const secrets = localSecretBox(mkdtempSync(join(tmpdir(), 'webhook-keys-')));
  const stored: DeliveryWebhook = { ...webhook, encryptedSecret: await secrets.encrypt(secret, webhook.id) };
  const attempts: DeliveryAttempt[] = [];
  const failed: { webhookId: string; eventId: string; attempts: number }[] = [];
  return {
    webhook: stored,
    attempts,
    failed,
    dependencies: {
      loadWebhook: async (id: string) => (id === stored.id ? { ...stored } : undefined),
      recordAttempt: async (attempt: DeliveryAttempt) => {
        attempts.push(attempt);
      },
      disableWebhook: async () => {
        stored.status = 'disabled';
      },
      markFailed: async (failure: (typeof failed)[number]) => {
        failed.push(failure);
      },
      secrets,
      mode: 'local' as const,
      timeoutMs: 2_000,
    },
  };
};

const startDelivering = async (store: Awaited<ReturnType<typeof memoryStore>>, schedule: number[]) => {
  const worker = startLocalQueueWorker<DeliveryMessage>(
    mkdtempSync(join(tmpdir(), 'event-queue-')),
    (message) => handleDelivery(message, { ...store.dependencies, schedule }),
    { pollIntervalMs: 20, visibilityTimeoutMs: 5_000 },
  );
  stops.push(worker.stop);
  const enqueue = async (event: WebhookEvent) => {
    for (const { body, options } of deliveriesOf(event, [store.webhook])) await worker.queue.send(body, options);
    worker.wake();
  };
  return { worker, enqueue };
};

const waitUntil = async (condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  for (const started = Date.now(); !(await condition()); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() - started > timeoutMs) throw new Error('Condition not met in time');
  }
};

describe('delivery through the queue', () => {
  it('retries a receiver answering 500, 500, 500 and then 200 at the times of the schedule', async () => {
    const secret = newWebhookSecret();
    const receiver = await receiverFor(secret);
    receiver.answer(500, 500, 500);
    const store = await memoryStore({ id: newId(), url: receiver.url, status: 'active', types: ['*'] }, secret);
    const schedule = [300, 600, 900];
    const { enqueue } = await startDelivering(store, schedule);
    const event = anEvent('contact.created');

    await enqueue(event);
    const deliveries = await receiver.waitFor(4);

    expect(deliveries.map((delivery) => delivery.answeredStatus)).toEqual([500, 500, 500, 200]);
    expect(deliveries.every((delivery) => delivery.verified && delivery.webhookId === event.id)).toBe(true);
    const gaps = deliveries
      .slice(1)
      .map((delivery, index) => delivery.receivedAt - (deliveries[index]?.receivedAt ?? 0));
    for (const [index, gap] of gaps.entries()) {
      const pause = schedule[index] ?? 0;
      // Never early; late by a busy machine's margin at most.
      expect(gap, `pause ${index + 1}`).toBeGreaterThanOrEqual(pause - 25);
      expect(gap, `pause ${index + 1}`).toBeLessThan(pause + 2_000);
    }
    await waitUntil(() => store.attempts.length === 4);
    expect(store.attempts.map(({ attempt, status, outcome }) => ({ attempt, status, outcome }))).toEqual([
      { attempt: 1, status: 500, outcome: 'retry' },
      { attempt: 2, status: 500, outcome: 'retry' },
      { attempt: 3, status: 500, outcome: 'retry' },
      { attempt: 4, status: 200, outcome: 'delivered' },
    ]);
    expect(store.failed).toEqual([]);
  });

  it('marks the event failed when the schedule is spent', async () => {
    const secret = newWebhookSecret();
    const receiver = await receiverFor(secret);
    receiver.answer(503, 503, 503, 503);
    const store = await memoryStore({ id: newId(), url: receiver.url, status: 'active', types: ['*'] }, secret);
    const { worker, enqueue } = await startDelivering(store, [50, 50]);
    const event = anEvent();

    await enqueue(event);
    await waitUntil(() => store.failed.length === 1);

    expect(store.failed).toEqual([{ webhookId: store.webhook.id, eventId: event.id, attempts: 3 }]);
    expect(receiver.deliveries.map((delivery) => delivery.answeredStatus)).toEqual([503, 503, 503]);
    expect(await worker.queue.messages()).toEqual([]);
  });

  it('disables the endpoint on 410 and sends it nothing more', async () => {
    const secret = newWebhookSecret();
    const receiver = await receiverFor(secret);
    receiver.answer(410);
    const store = await memoryStore({ id: newId(), url: receiver.url, status: 'active', types: ['*'] }, secret);
    const { worker, enqueue } = await startDelivering(store, [50, 50]);
    const resourceId = newId();

    await enqueue(anEvent('contract.created', resourceId, 1));
    await enqueue(anEvent('contract.signed', resourceId, 2));
    await waitUntil(() => store.webhook.status === 'disabled');
    // The queue deletes a message once its handler is done, and holds the group's second back until then: empty,
    // the worker has handled the later event too.
    await waitUntil(async () => (await worker.queue.messages()).length === 0);

    expect(receiver.deliveries.map((delivery) => delivery.answeredStatus)).toEqual([410]);
    expect(store.attempts.map((attempt) => attempt.outcome)).toEqual(['gone']);
  });

  it('delivers the events of one resource in the order they happened, without holding back other resources', async () => {
    const secret = newWebhookSecret();
    const receiver = await receiverFor(secret);
    receiver.answer(500);
    const store = await memoryStore({ id: newId(), url: receiver.url, status: 'active', types: ['*'] }, secret);
    const { enqueue } = await startDelivering(store, [600]);
    const [contract, other] = [newId(), newId()];
    const created = anEvent('contract.created', contract, 1);
    const signed = anEvent('contract.signed', contract, 2);
    const unrelated = anEvent('contact.updated', other, 4);

    await enqueue(created);
    await receiver.waitFor(1);
    await enqueue(signed);
    await enqueue(unrelated);
    const deliveries = await receiver.waitFor(4);

    expect(deliveries.map((delivery) => [delivery.webhookId, delivery.answeredStatus])).toEqual([
      [created.id, 500],
      [unrelated.id, 200],
      [created.id, 200],
      [signed.id, 200],
    ]);
  });

  it('gets a receiver that was down everything once it is back', async () => {
    const secret = newWebhookSecret();
    const receiver = await receiverFor(secret);
    await receiver.down();
    const store = await memoryStore({ id: newId(), url: receiver.url, status: 'active', types: ['*'] }, secret);
    const { enqueue } = await startDelivering(store, [200, 200, 200, 200, 200]);
    const events = [anEvent(), anEvent(), anEvent()];

    for (const event of events) await enqueue(event);
    await waitUntil(() => store.attempts.length >= 3);
    await receiver.up();
    await waitUntil(() => store.attempts.filter((attempt) => attempt.outcome === 'delivered').length === 3);

    expect(
      store.attempts
        .filter((attempt) => attempt.status === null)
        .every((attempt) => /ECONNREFUSED/.test(attempt.error ?? '')),
    ).toBe(true);
    expect(new Set(receiver.deliveries.map((delivery) => delivery.webhookId))).toEqual(
      new Set(events.map((event) => event.id)),
    );
    expect(receiver.deliveries.every((delivery) => delivery.verified)).toBe(true);
  });

  it('sends each event only to the active webhooks whose types match it', () => {
    const event = anEvent('contract.signed');
    const webhooks = [
      { id: 'all', status: 'active', types: ['*'] },
      { id: 'signed', status: 'active', types: ['contract.signed'] },
      { id: 'contacts', status: 'active', types: ['contact.created'] },
      { id: 'off', status: 'disabled', types: ['*'] },
    ] as const;

    const deliveries = deliveriesOf(event, webhooks);

    expect(deliveries.map((delivery) => delivery.body.webhookId)).toEqual(['all', 'signed']);
    expect(deliveries[0]?.options).toEqual({
      groupId: `all.contract.${event.data.id}`,
      deduplicationId: `${event.id}.all`,
    });
  });
});
