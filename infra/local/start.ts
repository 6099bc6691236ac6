import { join } from 'node:path';
import { localCorsOrigins } from '../cors.ts';
import { startLocalDeclarationsMatch } from './declarations-match.ts';
import { startLocalDocumentRender } from './document-render.ts';
import { startLocalEventDelivery } from './event-delivery.ts';
import { connectHandlers, defaultTableName, startLocalDatabase } from './local-database.ts';
import { localTokenFor } from './local-tokens.ts';
import { startLocalRetentionPurge } from './retention-purge.ts';
import { startLocalApi } from './server.ts';
import { loadSigningKey, localKeyDirectory } from './signing-key.ts';

const dataDir = process.env.DATA_DIR ?? '.data';
const port = Number(process.env.PORT ?? 3000);
// `npm run token` finds the same key pair through the same DATA_DIR.
const keyDirectory = localKeyDirectory(dataDir);

// With DYNAMODB_ENDPOINT set, that DynamoDB is used (a DynamoDB Local of your own, or a fault-injecting
// proxy in front of one) and its table created if missing; otherwise our own DynamoDB Local on DATA_DIR.
const givenEndpoint = process.env.DYNAMODB_ENDPOINT;
const database = givenEndpoint
  ? await connectHandlers(givenEndpoint, process.env.TABLE_NAME || undefined).then(() => ({
      endpoint: givenEndpoint,
      stop: async () => {},
    }))
  : await startLocalDatabase(join(dataDir, 'dynamodb'));
// Restrictions past their end are purged before anything else reads the table (docs/privacy.md), then hourly.
const retentionPurge = await startLocalRetentionPurge();
let api: Awaited<ReturnType<typeof startLocalApi>>;
try {
  api = await startLocalApi({ port, authorizer: { keyDirectory }, corsOrigins: await localCorsOrigins() });
} catch (error) {
  await database.stop();
  throw error;
}
// A developer's receiver on this machine may take webhooks (http://127.0.0.1, localhost); AWS never allows it.
process.env.WEBHOOK_DESTINATIONS ??= 'local';
// §12's background work, as Lambda runs it: the table's stream → dispatcher → delivery queue → delivery.
const eventDelivery = await startLocalEventDelivery({
  dataDir,
  endpoint: database.endpoint,
  tableName: process.env.TABLE_NAME || defaultTableName,
});
// The documents' share of the stream: a signed contract's original is rendered and stored (docs/documents.md).
const documentRender = await startLocalDocumentRender({
  dataDir,
  endpoint: database.endpoint,
  tableName: process.env.TABLE_NAME || defaultTableName,
});
// Declarations filed without login: matched, recorded and confirmed by email (docs/declarations.md).
const declarationsMatch = await startLocalDeclarationsMatch({
  dataDir,
  endpoint: database.endpoint,
  tableName: process.env.TABLE_NAME || defaultTableName,
});
const ownerToken = await localTokenFor(await loadSigningKey(keyDirectory), 'owner');
// Logged on stderr: stdout carries only what scripts read (the listening line, the token).
console.error(
  givenEndpoint
    ? `DynamoDB: ${database.endpoint} (DYNAMODB_ENDPOINT)`
    : `DynamoDB Local: ${database.endpoint} (data in ${dataDir})`,
);
let stopping = false;
const stop = async (reason: string) => {
  if (stopping) return;
  stopping = true;
  console.error(`${reason}: stopping the API and DynamoDB Local`);
  retentionPurge.stop();
  await eventDelivery.stop();
  await documentRender.stop();
  await declarationsMatch.stop();
  await api.close();
  await database.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// Printed once the handlers above are in place: a script that stops us as soon as it reads this line (a test on
// a busy machine) would otherwise meet SIGTERM's default action, an exit without cleanup.
console.log(`Studio API listening on ${api.url}\n${ownerToken}`);
// If whoever started us (npm, tsx) dies without passing a signal on, we are
// re-parented: stop too, rather than leave the API and Java running.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop('parent process gone');
}, 1_000).unref();
