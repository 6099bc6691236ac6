import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import {
  type LocalBackgroundFunctions,
  startLocalBackgroundFunctions,
} from '../../infra/local/background-functions.ts';

/**
 * Runs background functions beside the API for this test file's table, as `npm start` runs them (by their
 * triggers, infra/local/background-functions.ts): the ones named, each with its stream position or queue in
 * `dataDir` (the file's own, or a temporary folder removed afterwards). Register it after `useApi()`, which names
 * the file's table.
 */
export const useBackgroundFunctions = (only: readonly string[], givenDataDir?: string): { dataDir: () => string } => {
  let running: LocalBackgroundFunctions | undefined;
  let dataDir = givenDataDir;
  beforeAll(async () => {
    const tableName = process.env.TABLE_NAME;
    if (!tableName) throw new Error('Register useBackgroundFunctions() after useApi()');
    dataDir ??= mkdtempSync(join(tmpdir(), 'studio-api-test-background-'));
    running = await startLocalBackgroundFunctions({
      dataDir,
      endpoint: inject('dynamoEndpoint'),
      tableName,
      pollIntervalMs: 50,
      only,
    });
  });
  afterAll(async () => {
    await running?.stop();
    if (!givenDataDir && dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir: () => {
      if (!dataDir) throw new Error('The background functions are not started yet');
      return dataDir;
    },
  };
};
