import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    /** Where the run's function bundles are built once for every test file that reads them (function-bundles.ts). */
    bundleFolder: string;
  }
}

/** One in-memory DynamoDB Local for the whole run, on a free port; a folder for the run's function bundles. */
export default async function setup(project: TestProject) {
  const database = await startDynamoDbLocal();
  project.provide('dynamoEndpoint', database.endpoint);
  const bundleFolder = mkdtempSync(join(tmpdir(), 'studio-api-test-bundles-'));
  project.provide('bundleFolder', bundleFolder);
  return async () => {
    await database.stop();
    rmSync(bundleFolder, { recursive: true, force: true });
  };
}
