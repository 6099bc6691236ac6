import { dirname, join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { configuredMailTransport } from '#shared/mail/configured-mail-sender.ts';
import type { FunctionName } from './bundles.ts';
import type { CallRecorder, DynamoDbCall } from './dynamodb-calls.ts';
import { bareHttpClient, bareMailClient, SendMailCommand, WebhookPostCommand } from './floor-senders.ts';
import { invoke } from './handlers.ts';
import {
  type Commands,
  type FloorClients,
  type Plan,
  planReplay,
  queueOperations,
  type Recording,
  replay,
  sentMail,
  webhookPost,
} from './replay.ts';
import type { BenchEvent } from './sample-events.ts';
import { readStoredBytes } from './stored-originals.ts';
import type { Contender } from './warm.ts';

/** What a handler did for one request, with the capacity of each call and the headers it answered with. */
export type HandlerRecording = Omit<Recording, 'calls'> & {
  calls: readonly DynamoDbCall[];
  headers: Record<string, unknown>;
};

/**
 * Records each mail a handler hands its transport while a recording runs (`recorder.external`), so that its floor
 * writes the same message to the same outbox. The handlers share this process's transport, made once.
 */
export const recordSentMail = (recorder: CallRecorder) => {
  const transport = configuredMailTransport();
  const { sender } = transport;
  transport.sender = {
    send: (message) => {
      // A copy as a plain Uint8Array: a Buffer would travel to a cold start's floor as its toJSON, not as bytes.
      recorder.external(sentMail, { to: message.to, raw: Uint8Array.from(message.raw) });
      return sender.send(message);
    },
  };
};

/** Serves `event` with the handler and records its DynamoDB calls: the template of the function's floor. */
export const recordHandler = async (
  recorder: CallRecorder,
  name: FunctionName,
  event: BenchEvent,
): Promise<HandlerRecording> => {
  const recorded = structuredClone(event);
  let result: Awaited<ReturnType<typeof invoke>> = {};
  const calls = await recorder.record(async () => {
    result = await invoke(name, event);
  });
  return { event: recorded, statusCode: result.statusCode ?? 0, headers: result.headers ?? {}, calls };
};

// The SDK's defaults and nothing of ours; `removeUndefinedValues` only so the recorded inputs marshal as they did.
const marshallOptions = { removeUndefinedValues: true };

/** The bare document client floors send with: its own connections, no middleware. */
export const bareDocumentClient = (endpoint: string) =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint }), { marshallOptions });

/** The bare SQS client a dispatcher's floor sends with: the queue's URL in each send names the endpoint. */
export const bareQueueClient = () => new SQSClient({});

/**
 * Every client a floor may send with: the table's, and the bare ones of the calls a function makes besides (a
 * dispatcher's sends, a deliverer's POST, a mail into the outbox of the process's DATA_DIR).
 */
export const floorClients = (table: DynamoDBDocumentClient): FloorClients => ({
  table,
  queue: bareQueueClient(),
  http: bareHttpClient(),
  mail: bareMailClient(process.env.DATA_DIR ?? '.data'),
});

/** The command of each operation a handler may call: the document client's, SQS's SendMessage, a webhook's POST, a mail. */
const commands: Commands = {
  GetItem: GetCommand,
  Query: QueryCommand,
  Scan: ScanCommand,
  BatchGetItem: BatchGetCommand,
  TransactGetItems: TransactGetCommand,
  PutItem: PutCommand,
  UpdateItem: UpdateCommand,
  DeleteItem: DeleteCommand,
  BatchWriteItem: BatchWriteCommand,
  TransactWriteItems: TransactWriteCommand,
  SendMessage: SendMessageCommand,
  [webhookPost]: WebhookPostCommand,
  [sentMail]: SendMailCommand,
};

/** Sends one plan with the bare clients. */
export const replayPlan = (clients: FloorClients, plan: Plan, observe?: Parameters<typeof replay>[3]) =>
  replay(clients, plan, commands, observe);

/**
 * A function's floor as the other side of a comparison: the next request is
 * planned before the clock starts (fresh ids, the request's record), then the
 * replay alone is timed. A download of a stored document then reads the same
 * file as the handler (`storeFile`), with nothing but `readFile`.
 */
export const floorContender = (
  clients: FloorClients,
  recording: Recording,
  nextEvent: () => Promise<BenchEvent>,
  table: () => string,
  storeFile: (event: BenchEvent) => string | undefined = () => undefined,
): Contender => {
  const plans = new WeakMap<BenchEvent, Plan>();
  return {
    expectedStatus: recording.statusCode,
    nextEvent: async () => {
      const event = await nextEvent();
      plans.set(event, planReplay(recording, event, table()));
      return event;
    },
    invoke: async (event) => {
      const plan = plans.get(event);
      if (!plan) throw new Error('The floor got a request it did not plan');
      const answer = await replayPlan(clients, plan);
      await readStoredBytes(storeFile(event));
      return answer;
    },
  };
};

/** The client class of each AWS SDK package a function may use besides DynamoDB's. */
const awsClientClasses: Readonly<Record<string, string>> = {
  '@aws-sdk/client-s3': 'S3Client',
  '@aws-sdk/client-sesv2': 'SESv2Client',
  '@aws-sdk/client-kms': 'KMSClient',
  '@aws-sdk/client-sqs': 'SQSClient',
};

/** The client a replay sends each non-SDK operation with. */
const senderKinds: Readonly<Record<string, string>> = { [webhookPost]: 'http', [sentMail]: 'mail' };

/** The AWS SDK clients besides DynamoDB's that a function's bundle carries (its byPackage names, from bundles.ts). */
export const otherAwsClients = (packages: readonly string[]): string[] =>
  packages.filter((name) => name.startsWith('@aws-sdk/client-') && name !== '@aws-sdk/client-dynamodb');

/**
 * The floor module of a function for a cold start: a process that imports the
 * SDK client and the commands the handler used, nothing else, and replays a
 * plan it gets as its event. A function that makes no DynamoDB call has a floor
 * that imports nothing. A download of a stored document also reads the plan's
 * `storeFile` with `readFile`, as its warm floor does.
 *
 * In AWS a function also calls S3, SES or KMS (an original, a mail, a seal); here their local stand-ins (files, a
 * key on disk) serve those calls, for the handler and the floor alike. The floor still makes those clients at init,
 * as a hand-written function must: `otherClients`, the packages besides DynamoDB's its handler's bundle carries.
 */
export const floorModuleSource = (
  recording: Recording,
  replayModule: string,
  readsStore = false,
  otherClients: readonly string[] = [],
): string => {
  if (recording.calls.length === 0)
    return `export const handler = async () => ({ statusCode: ${recording.statusCode} });\n`;
  const used = [...new Set(recording.calls.map((call) => call.operation))].map((operation) => {
    const command = commands[operation];
    if (!command) throw new Error(`The floor cannot send ${operation}`);
    const kind = queueOperations.has(operation) ? 'queue' : (senderKinds[operation] ?? 'table');
    return { operation, name: command.name, kind };
  });
  const commandsOf = (kind: string) => used.filter((entry) => entry.kind === kind).map(({ name }) => name);
  const [tableCommands, queueCommands] = [commandsOf('table'), commandsOf('queue')];
  const [httpCommands, mailCommands] = [commandsOf('http'), commandsOf('mail')];
  const storeRead = readsStore ? `import { readFile } from 'node:fs/promises';\n` : '';
  // A dispatcher's floor sends its messages with a bare SQS client, as a hand-written dispatcher would.
  const queueImport = queueCommands.length
    ? `import { ${queueCommands.join(', ')}, SQSClient } from '@aws-sdk/client-sqs';\n`
    : '';
  // A deliverer's floor posts the webhook, a mailing function's floor writes its mail, with Node alone.
  const senders = [
    ...(httpCommands.length ? ['bareHttpClient', ...httpCommands] : []),
    ...(mailCommands.length ? ['bareMailClient', ...mailCommands] : []),
  ];
  const sendersImport = senders.length
    ? `import { ${senders.join(', ')} } from ${JSON.stringify(join(dirname(replayModule), 'floor-senders.ts'))};\n`
    : '';
  const clientEntries = [
    'table: client',
    ...(queueCommands.length ? ['queue: new SQSClient({})'] : []),
    ...(httpCommands.length ? ['http: bareHttpClient()'] : []),
    ...(mailCommands.length ? [`mail: bareMailClient(process.env.DATA_DIR ?? '.data')`] : []),
  ];
  const clients = `{ ${clientEntries.join(', ')} }`;
  // The queue's client is made above when the recording sends to it.
  const made = otherClients.filter((name) => !(queueCommands.length && name === '@aws-sdk/client-sqs'));
  const otherImports = made
    .map((name) => {
      const client = awsClientClasses[name];
      if (!client) throw new Error(`The floor knows no client class of ${name}`);
      return `import { ${client} } from '${name}';\n`;
    })
    .join('');
  const otherMade = made.length
    ? `// The clients of the calls the local stand-ins serve.\nexport const otherClients = [${made.map((name) => `new ${awsClientClasses[name]}({})`).join(', ')}];\n`
    : '';
  const answer = readsStore
    ? `async (plan) => {
  const answer = await replay(clients, decodePlan(plan), commands);
  await readFile(plan.storeFile);
  return answer;
}`
    : '(plan) => replay(clients, decodePlan(plan), commands)';
  return `${storeRead}import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
${queueImport}${sendersImport}${otherImports}import { DynamoDBDocumentClient, ${tableCommands.join(', ')} } from '@aws-sdk/lib-dynamodb';
import { decodePlan, replay } from ${JSON.stringify(replayModule)};

const endpoint = process.env.DYNAMODB_ENDPOINT;
const client = DynamoDBDocumentClient.from(new DynamoDBClient(endpoint ? { endpoint } : {}), {
  marshallOptions: ${JSON.stringify(marshallOptions)},
});
const clients = ${clients};
${otherMade}const commands = { ${used.map(({ operation, name }) => `${operation}: ${name}`).join(', ')} };

export const handler = ${answer};
`;
};
