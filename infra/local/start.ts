import { join, resolve } from 'node:path';
import { localCorsOrigins } from '../cors.ts';
import { startLocalBackgroundFunctions } from './background-functions.ts';
import { connectHandlers, defaultTableName, startLocalDatabase } from './local-database.ts';
import { localTokenFor } from './local-tokens.ts';
import { portInUse, removeRunningServerMarker, runningServerOn, writeRunningServerMarker } from './running-server.ts';
import { startLocalApi } from './server.ts';
import { loadSigningKey, localKeyDirectory } from './signing-key.ts';

const dataDir = process.env.DATA_DIR ?? '.data';
const port = Number(process.env.PORT ?? 3000);
// `npm run token` finds the same key pair through the same DATA_DIR.
const keyDirectory = localKeyDirectory(dataDir);

/** Stops what was started, the newest first; each part stops even when another one fails to. */
const started: { stop: () => unknown }[] = [];
const stopEverything = async () => {
  for (const part of started.reverse()) await Promise.resolve(part.stop()).catch((error) => console.error(error));
  started.length = 0;
  removeRunningServerMarker(dataDir);
};
const keep = <T extends { stop: () => unknown }>(part: T): T => {
  started.push(part);
  return part;
};

/** Start-up failed: nothing it started keeps running (DynamoDB Local on DATA_DIR above all), and one line says what to do. */
const giveUp = async (advice: string, error?: unknown): Promise<never> => {
  if (error) console.error(error);
  await stopEverything();
  console.error(`npm start: ${advice}`);
  process.exit(1);
};

if (await portInUse(port)) {
  const running = runningServerOn(dataDir);
  await giveUp(
    running
      ? `port ${port} is in use by the npm start already running on DATA_DIR=${resolve(dataDir)} (pid ${running.pid}, ${running.url}): use that one, or stop it first`
      : `port ${port} is in use: stop what listens there, or choose another port with PORT=<port> npm start`,
  );
}
const otherServer = runningServerOn(dataDir);
if (otherServer) {
  await giveUp(
    `another npm start (pid ${otherServer.pid}, ${otherServer.url}) runs on DATA_DIR=${resolve(dataDir)}, and DynamoDB Local cannot share its data folder: use that one, or stop it first`,
  );
}

const givenEndpoint = process.env.DYNAMODB_ENDPOINT;
const startEverything = async () => {
  // With DYNAMODB_ENDPOINT set, that DynamoDB is used (a DynamoDB Local of your own, or a fault-injecting
  // proxy in front of one) and its table created if missing; otherwise our own DynamoDB Local on DATA_DIR.
  if (givenEndpoint) await connectHandlers(givenEndpoint, process.env.TABLE_NAME || undefined);
  const endpoint = givenEndpoint || keep(await startLocalDatabase(join(dataDir, 'dynamodb'))).endpoint;
  // A developer's receiver on this machine may take webhooks (http://127.0.0.1, localhost); AWS never allows it.
  process.env.WEBHOOK_DESTINATIONS ??= 'local';
  // Every area's background functions, by their triggers (infra/local/background-functions.ts): the scheduled ones
  // first and awaited, so that restrictions past their end are purged before the API reads the table
  // (docs/privacy.md); then the stream readers (webhooks, documents, declarations) and the delivery queue's worker.
  keep(
    await startLocalBackgroundFunctions({ dataDir, endpoint, tableName: process.env.TABLE_NAME || defaultTableName }),
  );
  const api = await startLocalApi({ port, authorizer: { keyDirectory }, corsOrigins: await localCorsOrigins() });
  keep({ stop: () => api.close() });
  const ownerToken = await localTokenFor(await loadSigningKey(keyDirectory), 'owner');
  writeRunningServerMarker(dataDir, api.url);
  return { api, endpoint, ownerToken };
};
const { api, endpoint, ownerToken } = await startEverything().catch((error: unknown) =>
  giveUp(
    `could not start (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); everything it started is stopped: fix that and run npm start again`,
    error,
  ),
);
// Logged on stderr: stdout carries only what scripts read (the listening line, the token).
console.error(
  givenEndpoint ? `DynamoDB: ${endpoint} (DYNAMODB_ENDPOINT)` : `DynamoDB Local: ${endpoint} (data in ${dataDir})`,
);
let stopping = false;
const stop = async (reason: string) => {
  if (stopping) return;
  stopping = true;
  console.error(`${reason}: stopping the API and DynamoDB Local`);
  await stopEverything();
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
