import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { npmStart, useNpmStart } from '../support/npm-start.ts';
import { tableClient } from '../support/table.ts';

useNpmStart();

/** `npm start` on a data folder of its own. */
const start = async (env: Record<string, string>) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-start-'));
  const server = await npmStart({ DATA_DIR: dataDir, ...env });
  return { ...server, cleanUp: () => rmSync(dataDir, { recursive: true, force: true }) };
};

describe('npm start', () => {
  it('serves the API on its own DynamoDB Local and stops cleanly on SIGTERM', async () => {
    const api = await start({ DYNAMODB_ENDPOINT: '' });

    expect(api.listening).toBe(`Studio API listening on http://127.0.0.1:${api.port}`);
    const response = await fetch(`http://127.0.0.1:${api.port}/api/services`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(response.status).toBe(200);
    api.child.kill('SIGTERM');
    expect(await api.stopped).toBe(0);
    api.cleanUp();
  }, 120_000);

  it('uses the DynamoDB named by DYNAMODB_ENDPOINT and creates the table there when it is missing', async () => {
    const tableName = `studio-api-start-${Date.now()}`;
    const api = await start({ DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), TABLE_NAME: tableName });

    const created = await fetch(`http://127.0.0.1:${api.port}/api/contacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Given' }),
    });

    expect(created.status).toBe(201);
    expect(api.stderr()).toContain(`DynamoDB: ${inject('dynamoEndpoint')}`);
    const table = await tableClient().send(new DescribeTableCommand({ TableName: tableName }));
    expect(table.Table?.TableStatus).toBe('ACTIVE');
    api.child.kill('SIGTERM');
    expect(await api.stopped).toBe(0);
    api.cleanUp();
  }, 60_000);
});
