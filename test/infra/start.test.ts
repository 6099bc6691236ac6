import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import getPort from 'get-port';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { tableClient } from '../support/table.ts';

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

/** `npm start` as a developer runs it (without npm's own process in between), until it prints its two lines. */
const start = async (env: Record<string, string>) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-start-'));
  const port = await getPort({ host: '127.0.0.1' });
  // What `npm start` runs: one Node process with tsx as its loader. Not the tsx CLI, which runs the script
  // in a second process and, on a busy machine, SIGKILLs it when it does not confirm a relayed signal within 30 ms.
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const [listening, token] = await new Promise<string[]>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const lines = stdout.split('\n');
      if (lines.length >= 3) resolve(lines);
    });
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${stderr}`)));
  });
  const stopped = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    child,
    listening,
    token,
    port,
    stderr: () => stderr,
    stopped,
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  };
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
