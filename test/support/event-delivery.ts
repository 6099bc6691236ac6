import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { type LocalEventDelivery, startLocalEventDelivery } from '../../infra/local/event-delivery.ts';

/**
 * Runs what `npm start` runs beside the API for this test file's table: the
 * stream poller on the run's DynamoDB Local, the dispatcher, the local
 * delivery queue (in a folder of its own) and the delivery handler. Register
 * it after `useApi()`, which names the file's table.
 */
export const useEventDelivery = (): { dataDir: () => string } => {
  let delivery: LocalEventDelivery | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    const tableName = process.env.TABLE_NAME;
    if (!tableName) throw new Error('Register useEventDelivery() after useApi()');
    dataDir = mkdtempSync(join(tmpdir(), 'studio-api-test-events-'));
    delivery = await startLocalEventDelivery({
      dataDir,
      endpoint: inject('dynamoEndpoint'),
      tableName,
      pollIntervalMs: 50,
    });
  });
  afterAll(async () => {
    await delivery?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir: () => {
      if (!dataDir) throw new Error('Event delivery is not started yet');
      return dataDir;
    },
  };
};
