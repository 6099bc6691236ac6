import { join } from 'node:path';
import { startLocalDatabase } from './local-database.ts';
import { startLocalApi } from './server.ts';

const dataDir = process.env.DATA_DIR ?? '.data';
const port = Number(process.env.PORT ?? 3000);

const database = await startLocalDatabase(join(dataDir, 'dynamodb'));
let api: Awaited<ReturnType<typeof startLocalApi>>;
try {
  api = await startLocalApi({ port });
} catch (error) {
  await database.stop();
  throw error;
}
// Logged on stderr: stdout carries only what scripts read (the listening line, the token).
console.error(`DynamoDB Local: ${database.endpoint} (data in ${dataDir})`);
console.log(`Studio API listening on ${api.url}`);

let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  console.error(`${signal}: stopping the API and DynamoDB Local`);
  await api.close();
  await database.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
