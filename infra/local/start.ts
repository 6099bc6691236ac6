import { join } from 'node:path';
import { localCorsOrigins } from '../cors.ts';
import { startLocalBackgroundFunctions } from './background-functions.ts';
import { connectHandlers, defaultTableName, startLocalDatabase } from './local-database.ts';
import { localTokenFor } from './local-tokens.ts';
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
// A developer's receiver on this machine may take webhooks (http://127.0.0.1, localhost); AWS never allows it.
process.env.WEBHOOK_DESTINATIONS ??= 'local';
// Every area's background functions, by their triggers (infra/local/background-functions.ts): the scheduled ones
// first and awaited, so that restrictions past their end are purged before the API reads the table (docs/privacy.md);
// then the stream readers (webhooks, documents, declarations) and the delivery queue's worker.
let background: Awaited<ReturnType<typeof startLocalBackgroundFunctions>> | undefined;
let api: Awaited<ReturnType<typeof startLocalApi>>;
try {
  background = await startLocalBackgroundFunctions({
    dataDir,
    endpoint: database.endpoint,
    tableName: process.env.TABLE_NAME || defaultTableName,
  });
  api = await startLocalApi({ port, authorizer: { keyDirectory }, corsOrigins: await localCorsOrigins() });
} catch (error) {
  await background?.stop();
  await database.stop();
  throw error;
}
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
  await background?.stop();
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
