import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { documentKey } from '#shared/documents/originals/document-key.ts';
import { unique } from '../support/api.ts';
import { signaturePng } from '../support/images.ts';
import { type LocalServer, npmStart, useNpmStart } from '../support/npm-start.ts';
import { studioProfile } from '../support/studio.ts';

useNpmStart();
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-originals-restart-'));
beforeAll(() => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm start` on the run's DynamoDB Local, with a table and a data folder that outlive one server. */
const env = {
  DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
  TABLE_NAME: `studio-api-restart-${unique()}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'WARN',
};

const call = async (server: LocalServer, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const parsed = (await response.json().catch(() => undefined)) as any;
  expect(response.status, JSON.stringify(parsed)).toBeLessThan(300);
  return parsed;
};

const download = async (server: LocalServer, path: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${server.token}` } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the signed original across a restart of npm start', () => {
  it('is stored by the server’s own background render and answered with the same bytes after the restart', async () => {
    let server = await npmStart(env);
    await call(server, 'PUT', '/api/studio', studioProfile);
    const contact = await call(server, 'POST', '/api/contacts', { firstName: 'Lea', lastName: 'Neustart' });
    const service = await call(server, 'POST', '/api/services', {
      name: 'Yoga',
      price: { amount: 4900, currency: 'EUR' },
    });
    const contract = await call(server, 'POST', '/api/contracts', {
      contactId: contact.id,
      items: [{ serviceId: service.id }],
      startDate: '2026-12-01',
    });
    await call(server, 'POST', `/api/contracts/${contract.id}/signatures`, {
      role: 'customer',
      signerName: 'Lea Neustart',
      documentHash: contract.documentHash,
      signatureImage: signaturePng,
      consent: true,
    });
    // Stored by the stream's reader that npm start runs, before anyone asked for it.
    await expect
      .poll(async () => (await call(server, 'GET', `/api/contracts/${contract.id}/documents`)).items, {
        timeout: 90_000,
        interval: 200,
      })
      .toHaveLength(1);
    const first = await download(server, `/api/contracts/${contract.id}/document`);
    const second = await download(server, `/api/contracts/${contract.id}/document`);

    server.child.kill('SIGTERM');
    expect(await server.stopped).toBe(0);
    server = await npmStart(env);
    const afterRestart = await download(server, `/api/contracts/${contract.id}/document`);
    const [original] = (await call(server, 'GET', `/api/contracts/${contract.id}/documents`)).items;
    const byId = await download(server, `/api/contracts/${contract.id}/documents/${original.id}`);
    server.child.kill('SIGTERM');
    await server.stopped;

    const hashes = [first, second, afterRestart, byId].map(sha256);
    expect(new Set(hashes)).toEqual(new Set([original.sha256]));
    const stored = readFileSync(join(dataDir, 'documents', documentKey(contract.id, 'signed_original')));
    expect(sha256(stored)).toBe(original.sha256);
    const file = join(dataDir, 'downloaded.pdf');
    writeFileSync(file, afterRestart);
    const report = (() => {
      try {
        return execFileSync('pdfsig', [file], { encoding: 'utf8' });
      } catch (error) {
        return String((error as { stdout?: string }).stdout ?? error);
      }
    })();
    expect(report).toContain('Signature is Valid');
  }, 240_000);
});
