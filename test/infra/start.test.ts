import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
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

/** `npm start` that is expected to fail: its exit code and stderr. */
const failedStart = (env: Record<string, string>) =>
  new Promise<{ code: number | null; stderr: string }>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
      env: { ...process.env, DYNAMODB_ENDPOINT: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => done({ code, stderr }));
  });

/** The command lines of this machine's processes that name `text` (DynamoDB Local names its data folder). */
const processesNaming = (text: string) =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(text) && !line.startsWith('ps '));

const lastLine = (text: string) => text.trim().split('\n').at(-1);

describe('npm start that cannot start', () => {
  it('on a port in use starts nothing and says to choose another port', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-start-'));
    const occupied: Server = createServer();
    await new Promise<void>((listening) => occupied.listen(0, '127.0.0.1', listening));
    const port = (occupied.address() as { port: number }).port;

    const { code, stderr } = await failedStart({ DATA_DIR: dataDir, PORT: String(port) });

    occupied.close();
    expect(code).toBe(1);
    expect(lastLine(stderr)).toBe(
      `npm start: port ${port} is in use: stop what listens there, or choose another port with PORT=<port> npm start`,
    );
    expect(processesNaming(dataDir)).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('stops the DynamoDB Local it started when a later step fails, and says what to do', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-start-'));
    // A position file no reader can read: the stream's reader fails after DynamoDB Local is up.
    mkdirSync(join(dataDir, 'event-stream'));
    writeFileSync(join(dataDir, 'event-stream', 'studio-api.json'), 'not json');

    const { code, stderr } = await failedStart({ DATA_DIR: dataDir });

    expect(code).toBe(1);
    // DynamoDB Local had started: its database file is there.
    expect(readdirSync(join(dataDir, 'dynamodb'))).toContain('shared-local-instance.db');
    expect(lastLine(stderr)).toMatch(
      /^npm start: could not start \(.+\); everything it started is stopped: fix that and run npm start again$/,
    );
    expect(processesNaming(dataDir)).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('on a DATA_DIR another npm start runs on names that one, and leaves it running', async () => {
    const first = await start({ DYNAMODB_ENDPOINT: '' });
    const dataDir = /data in (\S+)\)/.exec(first.stderr())?.[1] as string;

    const { code, stderr } = await failedStart({ DATA_DIR: dataDir });

    expect(code).toBe(1);
    expect(lastLine(stderr)).toContain(`another npm start (pid ${first.child.pid}, ${first.url}) runs on DATA_DIR=`);
    const still = await fetch(`${first.url}/api/services`, { headers: { authorization: `Bearer ${first.token}` } });
    expect(still.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.stopped).toBe(0);
    first.cleanUp();
  }, 120_000);
});

/** `npm run --silent token` on `dataDir`: the token on stdout, any warning on stderr. */
const tokenFor = (dataDir: string) =>
  new Promise<{ token: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/token.ts', '--role', 'staff'], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let token = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      token += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', () => done({ token: token.trim(), stderr }));
  });

describe('npm run token', () => {
  it('prints a token the running server accepts, and no warning, on the server’s DATA_DIR', async () => {
    const api = await start({ DYNAMODB_ENDPOINT: '' });
    const dataDir = /data in (\S+)\)/.exec(api.stderr())?.[1] as string;

    const { token, stderr } = await tokenFor(dataDir);

    expect(stderr).toBe('');
    const response = await fetch(`${api.url}/api/contacts`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    api.child.kill('SIGTERM');
    expect(await api.stopped).toBe(0);
    // Stopped: the folder no longer has a running server.
    expect((await tokenFor(dataDir)).stderr).toContain('no running npm start uses DATA_DIR=');
    api.cleanUp();
  }, 120_000);

  it('warns that no server runs on a DATA_DIR without one, naming the folder and what to do', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-token-'));

    const { token, stderr } = await tokenFor(dataDir);

    expect(token.split('.')).toHaveLength(3);
    expect(stderr).toBe(
      `npm run token: no running npm start uses DATA_DIR=${dataDir} (its keys were created just now); a server on another DATA_DIR refuses this token with 401 Unauthorized: run this with the server's DATA_DIR (DATA_DIR=<its folder> npm run --silent token), or start npm start with this one\n`,
    );
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
