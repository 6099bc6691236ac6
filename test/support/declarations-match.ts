import { afterAll, beforeAll, inject } from 'vitest';
import { startLocalDeclarationsMatch } from '../../infra/local/declarations-match.ts';
import type { LocalEventStream } from '../../infra/local/event-stream.ts';

/**
 * Runs the declarations' reader of the table's stream beside the API for this test file's table, as `npm start`
 * does: its position lives in `dataDir` (the file's own). Register it after `useApi()`, which names the table.
 */
export const useDeclarationsMatch = (dataDir: string): void => {
  let matcher: LocalEventStream | undefined;
  beforeAll(async () => {
    const tableName = process.env.TABLE_NAME;
    if (!tableName) throw new Error('Register useDeclarationsMatch() after useApi()');
    matcher = await startLocalDeclarationsMatch({
      dataDir,
      endpoint: inject('dynamoEndpoint'),
      tableName,
      pollIntervalMs: 50,
    });
  });
  afterAll(() => matcher?.stop());
};
