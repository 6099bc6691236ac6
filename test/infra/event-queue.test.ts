import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalQueue } from '../../infra/local/event-queue/local-queue.ts';
import { startLocalQueueWorker } from '../../infra/local/event-queue/worker.ts';
import { newId } from '../../shared/http/ids.ts';
import {
  type DeliveryMessage,
  type DeliveryWebhook,
  deliveriesOf,
  handleDelivery,
} from '../../shared/webhooks/delivery-worker.ts';
import type { WebhookEvent } from '../../shared/webhooks/event.ts';
import { localSecretBox } from '../../shared/webhooks/secret-box.ts';
import { newWebhookSecret } from '../../shared/webhooks/signature.ts';
import { processSqsBatch, sqsQueue } from '../../shared/webhooks/sqs-queue.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const newFolder = () => mkdtempSync(join(tmpdir(), 'event-queue-'));
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const waitUntil = async (condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  for (const started = Date.now(); !(await condition()); await sleep(25)) {
    if (Date.now() - started > timeoutMs) throw new Error('Condition not met in time');
  }
};

describe('the local event queue', () => {
  it('keeps every message not yet deleted for a new process, in the order sent', async () => {
    const folder = newFolder();
    const first = openLocalQueue<{ n: number }>(folder);
    for (const n of [1, 2, 3]) await first.send({ n }, { groupId: 'g' });
    const [one] = await first.receive({ visibilityTimeoutMs: 60_000 });
    await first.delete(one?.id ?? '');

    const afterRestart = openLocalQueue<{ n: number }>(folder);

    expect((await afterRestart.messages()).map((message) => message.body.n)).toEqual([2, 3]);
    expect(readdirSync(folder).filter((name) => !name.endsWith('.json'))).toEqual([]);
  });

  it('does not hand out a delayed message before its time', async () => {
    const folder = newFolder();
    const queue = openLocalQueue<string>(folder);
    const handled: { body: string; at: number }[] = [];
    const sentAt = performance.now();
    await queue.send('later', { groupId: 'a', delayMs: 600 });
    await queue.send('in a second', { groupId: 'b', delaySeconds: 1 });
    await queue.send('now', { groupId: 'c' });
    const worker = startLocalQueueWorker<string>(
      folder,
      async (message) => {
        handled.push({ body: message.body, at: performance.now() - sentAt });
        return undefined;
      },
      { pollIntervalMs: 20 },
    );
    cleanups.push(worker.stop);

    await waitUntil(() => handled.length === 3);

    expect(handled.map((entry) => entry.body)).toEqual(['now', 'later', 'in a second']);
    expect(handled[1]?.at).toBeGreaterThanOrEqual(600);
    expect(handled[2]?.at).toBeGreaterThanOrEqual(1_000);
    expect(await worker.queue.messages()).toEqual([]);
  });

  it('hides a handed-out message for the visibility timeout and counts its receives', async () => {
    const queue = openLocalQueue<string>(newFolder());
    await queue.send('m', { groupId: 'g' });

    const [first] = await queue.receive({ visibilityTimeoutMs: 300 });
    const meanwhile = await queue.receive({ visibilityTimeoutMs: 300 });
    await sleep(350);
    const [again] = await queue.receive({ visibilityTimeoutMs: 300 });

    expect(first?.receiveCount).toBe(1);
    expect(meanwhile).toEqual([]);
    expect(again).toMatchObject({ id: first?.id, receiveCount: 2 });
  });

  it('holds back the later messages of a group while an earlier one waits, but not other groups', async () => {
    const queue = openLocalQueue<string>(newFolder());
    await queue.send('a1', { groupId: 'a' });
    await queue.send('a2', { groupId: 'a' });
    await queue.send('b1', { groupId: 'b' });

    const firstRound = await queue.receive({ visibilityTimeoutMs: 60_000 });
    const [a1] = firstRound;
    await queue.hide(a1?.id ?? '', 300);
    const whileA1Waits = await queue.receive({ visibilityTimeoutMs: 60_000 });
    await sleep(350);
    const [retry] = await queue.receive({ visibilityTimeoutMs: 60_000 });
    await queue.delete(retry?.id ?? '');
    const [a2] = await queue.receive({ visibilityTimeoutMs: 60_000 });

    expect(firstRound.map((message) => message.body)).toEqual(['a1', 'b1']);
    expect(whileA1Waits).toEqual([]);
    expect(retry?.body).toBe('a1');
    expect(a2?.body).toBe('a2');
  });

  it('drops a second send with the same deduplication id, as SQS FIFO does', async () => {
    const queue = openLocalQueue<string>(newFolder());

    await queue.send('event to endpoint', { groupId: 'g', deduplicationId: 'e1.w1' });
    await queue.send('event to endpoint', { groupId: 'g', deduplicationId: 'e1.w1' });
    await queue.send('event to other endpoint', { groupId: 'h', deduplicationId: 'e1.w2' });

    expect((await queue.messages()).map((message) => message.body)).toEqual([
      'event to endpoint',
      'event to other endpoint',
    ]);
  });

  it('keeps a message whose handler failed, and hands it out again after the visibility timeout', async () => {
    const folder = newFolder();
    const queue = openLocalQueue<string>(folder);
    await queue.send('flaky', { groupId: 'g' });
    const seen: number[] = [];
    const worker = startLocalQueueWorker<string>(
      folder,
      async (message) => {
        seen.push(message.receiveCount);
        if (message.receiveCount === 1) throw new Error('store unreachable');
        return undefined;
      },
      { pollIntervalMs: 20, visibilityTimeoutMs: 300 },
    );
    cleanups.push(worker.stop);

    await waitUntil(async () => (await worker.queue.messages()).length === 0);

    expect(seen).toEqual([1, 2]);
  });
});

// Runs a delivery worker in its own process, which the test kills while it holds messages.
const childWorkerSource = (modules: Record<string, string>) => `
import { startLocalQueueWorker } from ${JSON.stringify(modules.worker)};
import { handleDelivery } from ${JSON.stringify(modules.deliveryWorker)};
import { localSecretBox } from ${JSON.stringify(modules.secretBox)};

const { folder, keyDirectory, webhook } = JSON.parse(process.env.CHILD_CONFIG);
const dependencies = {
  loadWebhook: async () => webhook,
  recordAttempt: async (attempt) => console.log(JSON.stringify(attempt)),
  disableWebhook: async () => {},
  markFailed: async () => {},
  secrets: localSecretBox(keyDirectory),
  mode: 'local',
  timeoutMs: 60_000,
  schedule: [100],
};
startLocalQueueWorker(folder, (message) => handleDelivery(message, dependencies), {
  pollIntervalMs: 20,
  visibilityTimeoutMs: 1_000,
});
console.log('started');
`;

const moduleUrl = (path: string) => new URL(`../../${path}`, import.meta.url).href;

describe('a delivery process killed while it holds messages', () => {
  it('loses nothing: a new worker delivers every event afterwards', async () => {
    const secret = newWebhookSecret();
    const receiver = await startWebhookReceiver(secret);
    cleanups.push(() => receiver.close());
    // The killed process's attempts get no answer before it dies.
    receiver.answer(
      { status: 200, delayMs: 20_000 },
      { status: 200, delayMs: 20_000 },
      { status: 200, delayMs: 20_000 },
    );
    const folder = newFolder();
    const keyDirectory = mkdtempSync(join(tmpdir(), 'webhook-keys-'));
    const secrets = localSecretBox(keyDirectory);
    const webhookId = newId();
    const webhook: DeliveryWebhook = {
      id: webhookId,
      url: receiver.url,
      status: 'active',
      types: ['*'],
      encryptedSecret: await secrets.encrypt(secret, webhookId),
    };
    const events: WebhookEvent[] = ['contact.created', 'service.created', 'contract.created'].map((type) => ({
      id: newId(),
      type: type as WebhookEvent['type'],
      occurredAt: new Date().toISOString(),
      data: { object: type.split('.')[0] as WebhookEvent['data']['object'], id: newId(), version: 1 },
    }));
    const queue = openLocalQueue<DeliveryMessage>(folder);
    for (const event of events) {
      for (const { body, options } of deliveriesOf(event, [webhook])) await queue.send(body, options);
    }
    const script = join(mkdtempSync(join(tmpdir(), 'queue-child-')), 'child-worker.ts');
    writeFileSync(
      script,
      childWorkerSource({
        worker: moduleUrl('infra/local/event-queue/worker.ts'),
        deliveryWorker: moduleUrl('shared/webhooks/delivery-worker.ts'),
        secretBox: moduleUrl('shared/webhooks/secret-box.ts'),
      }),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: { ...process.env, CHILD_CONFIG: JSON.stringify({ folder, keyDirectory, webhook }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let childOutput = '';
    child.stdout.on('data', (chunk: Buffer) => {
      childOutput += chunk.toString();
    });
    const exited = new Promise((done) => child.once('exit', done));
    cleanups.push(() => {
      child.kill('SIGKILL');
    });

    await receiver.waitFor(3, 20_000);
    child.kill('SIGKILL');
    await exited;
    const worker = startLocalQueueWorker<DeliveryMessage>(
      folder,
      (message) =>
        handleDelivery(message, {
          loadWebhook: async () => webhook,
          recordAttempt: async () => undefined,
          disableWebhook: async () => undefined,
          markFailed: async () => undefined,
          secrets,
          mode: 'local',
          schedule: [100],
        }),
      { pollIntervalMs: 20 },
    );
    cleanups.push(worker.stop);
    await waitUntil(async () => (await worker.queue.messages()).length === 0);

    // At least once: the receiver dedupes by webhook-id and has every event, each verified.
    const answered = receiver.deliveries.slice(3);
    expect(childOutput).toContain('started');
    expect(childOutput).not.toContain('"outcome"');
    expect(new Set(answered.map((delivery) => delivery.webhookId))).toEqual(new Set(events.map((event) => event.id)));
    expect(answered.every((delivery) => delivery.verified && delivery.answeredStatus === 200)).toBe(true);
  });
});

describe('the SQS FIFO queue', () => {
  const record = (messageId: string, groupId: string, body: unknown, receiveCount = 1): SQSRecord =>
    ({
      messageId,
      receiptHandle: `receipt-${messageId}`,
      body: JSON.stringify(body),
      attributes: { MessageGroupId: groupId, ApproximateReceiveCount: String(receiveCount) },
    }) as unknown as SQSRecord;

  it('sends to the group with a deduplication id, and a delay travels as notBefore', async () => {
    const sent: Record<string, unknown>[] = [];
    const client = { send: async (command: { input: Record<string, unknown> }) => sent.push(command.input) };
    const queue = sqsQueue<string>('https://sqs.example/queue.fifo', client as unknown as SQSClient);

    await queue.send('now', { groupId: 'w.contact.1', deduplicationId: 'e1.w' });
    await queue.send('later', { groupId: 'w.contact.1', deduplicationId: 'e2.w', delaySeconds: 3_600 });

    expect(sent[0]).toEqual({
      QueueUrl: 'https://sqs.example/queue.fifo',
      MessageBody: JSON.stringify({ body: 'now' }),
      MessageGroupId: 'w.contact.1',
      MessageDeduplicationId: 'e1.w',
    });
    expect(sent[1]).not.toHaveProperty('DelaySeconds');
    const later = JSON.parse(String(sent[1]?.MessageBody));
    expect(later.notBefore - Date.now()).toBeGreaterThan(3_590_000);
  });

  it('keeps a group in order within a batch: after a retry, its later records go back unprocessed', async () => {
    const hidden: [string, number][] = [];
    const handled: string[] = [];
    const records = [
      record('a1', 'a', { body: 'a1' }),
      record('b1', 'b', { body: 'b1' }),
      record('a2', 'a', { body: 'a2' }),
      record('c1', 'c', { body: 'c1', notBefore: Date.now() + 60_000 }),
    ];

    const response = await processSqsBatch<string>(
      records,
      async (message) => {
        handled.push(message.body);
        return message.body === 'a1' ? { retryAfterMs: 300_000 } : undefined;
      },
      { hide: async (receipt, delayMs) => void hidden.push([receipt, delayMs]) },
    );

    expect(handled.sort()).toEqual(['a1', 'b1']);
    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual(['a1', 'a2', 'c1']);
    expect(hidden.find(([receipt]) => receipt === 'receipt-a1')?.[1]).toBe(300_000);
    expect(hidden.find(([receipt]) => receipt === 'receipt-c1')?.[1]).toBeGreaterThan(59_000);
  });
});
