import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { lambdaContext, loadHandler } from '#infra/local/handler-loader.ts';
import { sampleContactId } from '#shared/contacts/area.ts';
import { sampleContractId } from '#shared/contracts/area.ts';
import type { Change } from '#shared/outbox/outbox.ts';
import { type BackgroundTrigger, backgroundFunctions } from '#shared/routes.ts';
import { nextBenchAddress } from './bench-addresses.ts';
import type { FunctionName } from './bundles.ts';
import type { CallRecorder } from './dynamodb-calls.ts';
import { type Fixtures, nextTag, readRecordId } from './fixtures.ts';
import { floorClients, floorContender, type HandlerRecording } from './floors.ts';
import { callRoute } from './handlers.ts';
import { webhookPost } from './replay.ts';
import type { WarmEndpointResult } from './results.ts';
import { signedAtHome } from './route-preparations.ts';
import { type BenchEvent, sampleEvent } from './sample-events.ts';
import { type Contender, compareInterleaved, type WarmOptions } from './warm.ts';

/*
 * Background functions measured as the routes are (issue 31): each invocation is what Lambda hands the function
 * for its declared trigger (a stream batch of one inserted event item, a schedule's event, a queue message), its
 * DynamoDB calls recorded once and replayed as its floor, warm and cold. What an invocation uses up (a contract
 * to render, a declaration to match) is made fresh for each one, before the clock starts.
 *
 * The comparison machinery speaks API Gateway events, so an invocation travels as a carrier: `background` is the
 * event the function gets, `body` what differs from the recorded invocation (the ids the floor maps, as it maps a
 * request's path and body), `requestContext.requestId` the invocation's id.
 */

type Declared = (typeof backgroundFunctions)[number];

/** One invocation of a background function: its event and the ids that differ from one invocation to the next. */
interface Invocation {
  event: unknown;
  differs: Record<string, string>;
}

type Carrier = BenchEvent & { background: unknown };
type ApiRecord = Record<string, unknown> & { id: string };

const carry = ({ event, differs }: Invocation): Carrier =>
  ({ requestContext: { requestId: randomUUID() }, body: JSON.stringify(differs), background: event }) as never;

/** The table's stream as Lambda hands it, filtered to inserted event items: one record. */
const streamBatch = async (change: Change) => {
  const { eventItem, eventOf } = await import('#shared/outbox/outbox.ts');
  const event = eventOf(change);
  const sequence = String(Date.now());
  return {
    event: {
      Records: [
        {
          eventID: randomUUID(),
          eventName: 'INSERT',
          eventSource: 'aws:dynamodb',
          awsRegion: 'eu-central-1',
          dynamodb: {
            NewImage: marshall(eventItem(event), { removeUndefinedValues: true }),
            SequenceNumber: sequence,
            StreamViewType: 'NEW_IMAGE',
          },
        },
      ],
    },
    eventId: event.id,
  };
};

/** An SQS event of one message, as the event source mapping of a FIFO queue hands it (first attempt). */
const queueMessage = (body: unknown, groupId: string) => ({
  Records: [
    {
      messageId: randomUUID(),
      receiptHandle: randomUUID(),
      // What the dispatcher sends (shared/webhooks/sqs-queue.ts): the message in an envelope.
      body: JSON.stringify({ body }),
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: String(Date.now()),
        MessageGroupId: groupId,
        MessageDeduplicationId: randomUUID(),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:eu-central-1:123456789012:webhook-deliveries.fifo',
      awsRegion: 'eu-central-1',
    },
  ],
});

/** What EventBridge Scheduler hands a scheduled function (the function reads nothing of it). */
const scheduledEvent = (name: string) => ({
  version: '0',
  id: randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.scheduler',
  account: '123456789012',
  time: new Date().toISOString(),
  region: 'eu-central-1',
  resources: [`arn:aws:scheduler:eu-central-1:123456789012:schedule/default/${name}`],
  detail: {},
});

/**
 * The purge's clock, for the handler only (in-process and in a cold start's environment): ten years on, when every
 * restriction made today has ended (documents are kept to the end of the eighth year after a contract's end).
 */
const purgeClock = `${new Date().getUTCFullYear() + 10}-01-02T00:00:00.000Z`;

/** What a background function's handler gets in its environment besides the stack's: the purge's clock. */
export const backgroundEnvironment = (name: FunctionName): Record<string, string> =>
  name === 'contacts-retention-purge' ? { STUDIO_CLOCK: purgeClock } : {};

/**
 * A stand-in never closes an idle connection during a run: Node's server does after 5 s, and a client that sends on
 * it at that moment reads ECONNRESET (a full run of 2026-11-28 stopped on one in the dispatcher's measurement).
 * SQS and a receiver behind a load balancer keep theirs open far longer; the clients close them.
 */
const keepConnectionsOpen = (server: Server) => {
  server.keepAliveTimeout = 30 * 60_000;
};

// Hop by hop, or the length of a body the replay may change: the floor's client sets its own.
const unrepeatedHeaders = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

/**
 * A receiver that takes every webhook delivery (loopback, as in the webhooks' part). A delivery that arrives while a
 * recording runs is one of the recorded calls (`recorder.external`): the deliverer's floor posts it again.
 */
export const startAcceptingReceiver = async (recorder: CallRecorder): Promise<{ url: string; server: Server }> => {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && !unrepeatedHeaders.has(entry[0]),
        ),
      );
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${request.url}`;
      recorder.external(webhookPost, { url, headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(204).end();
    });
  });
  keepConnectionsOpen(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, server };
};

export interface BackgroundContext {
  fixtures: Fixtures;
  /** A webhook at the accepting receiver: the one deliveries go to. */
  webhookId: string;
}

/**
 * What each background function's invocation needs, by trigger: the only per-function knowledge. A declared
 * function missing here is reported as not measured, and the bench fails.
 */
const invocations: Partial<Record<string, (context: BackgroundContext) => Promise<Invocation>>> = {
  // A newly signed contract's original is rendered, sealed and stored.
  'documents-render': async ({ fixtures }) => {
    const contract = await fixtures.fresh('/api/contracts', 'documents-render');
    const { event, eventId } = await streamBatch({ type: 'contract.signed', id: contract.id, version: 2 });
    return { event, differs: { contractId: contract.id, eventId } };
  },
  // A customer's online termination of a signed contract, which matches it: recorded and confirmed by mail.
  'declarations-match': async ({ fixtures }) => {
    const contract = await fixtures.fresh('/api/contracts', 'contracts-terminate');
    const contact = contract.contact as { firstName: string; lastName: string; email: string };
    const filed = sampleEvent('declarations-file-termination', { tag: nextTag(), sourceIp: nextBenchAddress() });
    filed.body = JSON.stringify({
      ...JSON.parse(filed.body ?? '{}'),
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      contractNumber: contract.number,
    });
    delete filed.headers['content-length'];
    const declaration = await callRoute<{ id: string }>('declarations-file-termination', filed);
    const { event, eventId } = await streamBatch({ type: 'declaration.received', id: declaration.id, version: 1 });
    return {
      event,
      differs: { contractId: contract.id, declarationId: declaration.id, number: String(contract.number), eventId },
    };
  },
  // A contact's change, sent on to every active webhook (the fixtures' 30 and the receiver's).
  'webhooks-dispatch': async ({ fixtures }) => {
    const { event, eventId } = await streamBatch({
      type: 'contact.updated',
      id: readRecordId(fixtures, '/api/contacts'),
      version: 2,
    });
    return { event, differs: { eventId } };
  },
  // A new contact whose only contract was signed at home, then withdrawn, and whose erasure left it restricted until
  // its documents' retention ends: by the run's clock (`purgeClock`) it has ended, so the purge erases it with
  // everything found from it. Its ids and email differ from one invocation to the next.
  'contacts-retention-purge': async ({ fixtures }) => {
    const ids = new Map(await fixtures.idsForCreate('contracts-create'));
    const contract = await callRoute<ApiRecord>('contracts-create', sampleEvent('contracts-create', { ids }));
    await signedAtHome(fixtures, contract);
    ids.set(sampleContractId, contract.id);
    await callRoute('contracts-record-withdrawal', sampleEvent('contracts-record-withdrawal', { ids }));
    const contactId = ids.get(sampleContactId) as string;
    const { email } = contract.contact as { email: string };
    // A withdrawn contract ends on the day the withdrawal arrived: its contact can be erased from the next day on.
    process.env.STUDIO_CLOCK = new Date(Date.now() + 86_400_000).toISOString();
    const erasure = await callRoute<{ restrictedUntil: string | null }>(
      'contacts-erasure',
      sampleEvent('contacts-erasure', { ids }),
    ).finally(() => delete process.env.STUDIO_CLOCK);
    if (!erasure.restrictedUntil || erasure.restrictedUntil > purgeClock)
      throw new Error(`the erasure answered a restriction until ${erasure.restrictedUntil}, not before ${purgeClock}`);
    return {
      event: scheduledEvent('contacts-retention-purge'),
      differs: { contactId, email, contractId: contract.id },
    };
  },
  // One delivery of an event to the receiver's webhook, its first attempt.
  'webhooks-deliver': async ({ fixtures, webhookId }) => {
    const { eventOf } = await import('#shared/outbox/outbox.ts');
    const event = eventOf({ type: 'contact.updated', id: readRecordId(fixtures, '/api/contacts'), version: 2 });
    return {
      event: queueMessage({ eventId: event.id, webhookId, event }, webhookId),
      differs: { eventId: event.id },
    };
  },
};

/** The declared background functions, each with its trigger kind and how to make its next invocation. */
export const backgroundScenarios = (backgroundFunctions as readonly Declared[]).map((fn) => ({
  name: fn.name as FunctionName,
  trigger: triggerKind(fn.trigger as BackgroundTrigger),
  invocation: invocations[fn.name],
}));

function triggerKind(trigger: BackgroundTrigger): 'stream' | 'schedule' | 'queue' {
  return 'stream' in trigger ? 'stream' : 'schedule' in trigger ? 'schedule' : 'queue';
}

/** A background function's answer as a status: 200 when nothing failed (no batch item, no scheduled failure). */
const statusOf = (result: unknown): number => {
  const answer = (result ?? {}) as { batchItemFailures?: unknown[]; failures?: unknown[] };
  const failed = answer.batchItemFailures?.length ?? answer.failures?.length ?? 0;
  return failed === 0 ? 200 : 500;
};

const invokerOf = async (name: FunctionName) => {
  const fn = (backgroundFunctions as readonly Declared[]).find((candidate) => candidate.name === name);
  if (!fn) throw new Error(`No background function ${name}`);
  const handler = await loadHandler<(event: unknown, context: unknown) => Promise<unknown>>(fn.entry);
  const environment = Object.entries(backgroundEnvironment(name));
  return async (carrier: BenchEvent) => {
    // Set for the invocation only: the fixtures made between invocations keep today's clock.
    for (const [variable, value] of environment) process.env[variable] = value;
    try {
      const result = await handler(
        (carrier as Carrier).background,
        lambdaContext(name, carrier.requestContext.requestId),
      );
      return { statusCode: statusOf(result), body: JSON.stringify(result ?? {}) };
    } finally {
      for (const [variable] of environment) delete process.env[variable];
    }
  };
};

export interface BackgroundMeasurement {
  name: FunctionName;
  /** The next invocation as its carrier (for the warm comparison) and as Lambda hands it (a cold start). */
  next(): Promise<Carrier>;
  recording: HandlerRecording;
}

/** Serves one invocation with the handler and records its calls: the template of the function's floor. */
export const recordBackground = async (
  recorder: CallRecorder,
  name: FunctionName,
  context: BackgroundContext,
): Promise<BackgroundMeasurement> => {
  const make = invocations[name];
  if (!make) throw new Error('no invocation fixture (test/bench/background.ts)');
  const next = async () => carry(await make(context));
  const invoke = await invokerOf(name);
  const carrier = await next();
  const recorded = structuredClone(carrier);
  let result = { statusCode: 0, body: '' };
  const calls = await recorder.record(async () => {
    result = await invoke(carrier);
  });
  if (result.statusCode !== 200) throw new Error(`its invocation failed: ${result.body.slice(0, 300)}`);
  const failed = calls.filter((call) => call.failed).map((call) => call.operation);
  if (failed.length) throw new Error(`a call failed: ${failed.join(', ')}`);
  return { name, next, recording: { event: recorded, statusCode: 200, headers: {}, calls } };
};

/** The event of a carrier: what a cold start's handler gets. */
export const eventOfCarrier = (carrier: BenchEvent): unknown => (carrier as Carrier).background;

/** Each background function against its floor, in-process, as the routes' warm comparison. */
export const measureWarmBackground = async (
  names: readonly FunctionName[],
  floorClient: DynamoDBDocumentClient,
  table: string,
  options: WarmOptions,
  /** The invocation recorded again now (as the routes' are: warm-endpoints.ts). */
  recordAgain: (name: FunctionName) => Promise<BackgroundMeasurement>,
): Promise<WarmEndpointResult[]> => {
  const results: WarmEndpointResult[] = [];
  // The dispatcher's floor sends its messages too, with a bare SQS client (to the stand-in the recording names).
  // The dispatcher's sends, the deliverer's POST and the mails too, with bare clients.
  const clients = floorClients(floorClient);
  for (const measuredName of names) {
    const { name, next, recording } = await recordAgain(measuredName);
    const handler: Contender = { invoke: await invokerOf(name), nextEvent: next, expectedStatus: 200 };
    const floor = floorContender(clients, recording, next, () => table);
    const comparison = await compareInterleaved(handler, floor, options, name);
    const trigger = backgroundScenarios.find((scenario) => scenario.name === name)?.trigger;
    results.push({
      endpoint: `${trigger} → ${name}`,
      name,
      handler: comparison.subject,
      floor: comparison.baseline,
      ratioP50: comparison.ratioP50,
      ratioP99: comparison.ratioP99,
    });
  }
  return results;
};

/**
 * A stand-in of SQS's SendMessage for the delivery queue (the JSON protocol; the SDK checks the body's MD5): the
 * dispatcher's sends answered on loopback, in-process and in a cold start's process alike.
 */
export const startQueueStandIn = async (): Promise<{ queueUrl: string; server: Server; sent: () => number }> => {
  const { createHash } = await import('node:crypto');
  let sent = 0;
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const input = JSON.parse(text || '{}') as { MessageBody?: string };
      sent++;
      const md5 = createHash('md5')
        .update(input.MessageBody ?? '')
        .digest('hex');
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(JSON.stringify({ MessageId: randomUUID(), MD5OfMessageBody: md5, SequenceNumber: '1' }));
    });
  });
  keepConnectionsOpen(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const port = (server.address() as AddressInfo).port;
  return { queueUrl: `http://127.0.0.1:${port}/123456789012/webhook-deliveries.fifo`, server, sent: () => sent };
};
