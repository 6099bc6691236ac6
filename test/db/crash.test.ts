import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDynamoDb, startDynamoDbLocal } from '../../infra/local/dynamodb-local.ts';
import { connectHandlers } from '../../infra/local/local-database.ts';
import { type ApiResponse, unique, useApi } from '../support/api.ts';
import { signaturePng } from '../support/images.ts';
import { useStudioProfile } from '../support/studio.ts';
import { tableClient } from '../support/table.ts';

const api = useApi();
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-crash-'));
const png = signaturePng;
let database: RunningDynamoDb;

// Registered after useApi's setup: this file's handlers use a DynamoDB Local that keeps its data on disk.
beforeAll(async () => {
  database = await startDynamoDbLocal({ dataDir });
  await connectHandlers(database.endpoint, `studio-api-${unique()}`);
});
// Contracts name the studio as a party: none can be created before its profile exists.
useStudioProfile(api);
afterAll(async () => {
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const endpointPort = () => Number(new URL(database.endpoint).port);

const getItem = async (key: { pk: string; sk: string }) => {
  const client = tableClient(database.endpoint);
  const { Item } = await client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key }));
  client.destroy();
  return Item;
};

describe('a crash of DynamoDB during a burst of writes', () => {
  it('loses nothing that was confirmed and leaves nothing half-written', async () => {
    // prepare: a service, contacts and pending contracts to work on
    const service = (
      await api.request('POST', '/api/services', {
        body: { name: 'Spinning', price: { amount: 2900, currency: 'EUR' } },
      })
    ).body;
    const contacts: { id: string; email: string }[] = [];
    for (let i = 0; i < 6; i++) {
      contacts.push(
        (await api.request('POST', '/api/contacts', { body: { firstName: 'C', lastName: `Seed${i}` } })).body,
      );
    }
    const contractFor = (contactId: string) => ({
      contactId,
      items: [{ serviceId: service.id }],
      startDate: '2026-12-01',
    });
    const pending: { id: string; documentHash: string }[] = [];
    for (const contact of contacts) {
      pending.push((await api.request('POST', '/api/contracts', { body: contractFor(contact.id) })).body);
    }

    // act: a burst of creates, updates and signatures, and DynamoDB Local killed in the middle of it
    // When each answer arrived: an answer that arrived before the kill was acknowledged by a live DynamoDB.
    const answeredAt = new Map<ApiResponse, number>();
    let successes = 0;
    const timedRequest: typeof api.request = async (...args) => {
      const response = await api.request(...args);
      answeredAt.set(response, performance.now());
      if (response.status < 300) successes++;
      return response;
    };
    const emails = Array.from({ length: 40 }, () => `${unique('burst')}@example.com`);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const burst = [
      ...emails.map(async (email, i) => {
        await pause(i * 8);
        return {
          kind: 'contact' as const,
          email,
          response: await timedRequest('POST', '/api/contacts', { body: { firstName: 'B', lastName: 'Burst', email } }),
        };
      }),
      ...contacts.map(async (contact, i) => {
        await pause(i * 25);
        return {
          kind: 'contract' as const,
          response: await timedRequest('POST', '/api/contracts', { body: contractFor(contact.id) }),
        };
      }),
      ...pending.map(async (contract, i) => {
        await pause(i * 30);
        const response = await timedRequest('POST', `/api/contracts/${contract.id}/signatures`, {
          body: {
            role: 'customer',
            signerName: 'Signer',
            documentHash: contract.documentHash,
            signatureImage: png,
            consent: true,
          },
        });
        return { kind: 'signature' as const, contractId: contract.id, response };
      }),
      ...contacts.map(async (contact, i) => {
        await pause(i * 20);
        const response = await timedRequest('PUT', `/api/contacts/${contact.id}`, {
          body: { firstName: 'Changed', lastName: `Seed${i}`, email: `${unique('moved')}@example.com` },
        });
        return { kind: 'update' as const, contactId: contact.id, response };
      }),
    ];
    // Kill once a few writes have been answered, so the crash lands in the middle of the burst on any machine.
    for (const started = performance.now(); successes < 4 && performance.now() - started < 10_000; ) await pause(5);
    database.process.kill('SIGKILL');
    const killedAt = performance.now();
    const outcomes = await Promise.all(burst);
    database = await startDynamoDbLocal({ dataDir, port: endpointPort() });

    // assess: the crash was real, and no request got a 5xx other than 503
    const statuses = outcomes.map((outcome) => outcome.response.status);
    expect(statuses).toContain(503);
    expect(statuses).toContain(201);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    // DynamoDB Local answers a write a moment before it is in its file (seen: a write answered 1 ms before
    // the SIGKILL was gone after the restart); DynamoDB itself acknowledges only durable writes. So presence
    // is required of every 2xx answered more than 50 ms before the kill, and all-or-nothing of every request.
    const durableBefore = killedAt - 50;
    const confirmed = <T extends { response: ApiResponse }>(list: T[]) =>
      list.filter((o) => o.response.status < 300 && (answeredAt.get(o.response) ?? Infinity) < durableBefore);
    expect(confirmed(outcomes).length).toBeGreaterThan(0);

    // every confirmed contact is there, with its email claim; no claim without its contact
    for (const outcome of outcomes.filter((o) => o.kind === 'contact')) {
      const claim = await getItem({ pk: `CONTACT_EMAIL#${outcome.email}`, sk: 'CONTACT_EMAIL' });
      const found = await api.request('GET', `/api/contacts?search=${encodeURIComponent(outcome.email)}`);
      if (confirmed([outcome]).length === 1) {
        const before = Math.round(killedAt - (answeredAt.get(outcome.response) ?? 0));
        expect(
          found.body.items.map((c: { id: string }) => c.id),
          `answered ${before} ms before the kill`,
        ).toEqual([outcome.response.body.id]);
      }
      expect(Boolean(claim)).toBe(found.body.items.length === 1);
      if (claim) expect(claim.contactId).toBe(found.body.items[0].id);
    }
    // every confirmed update is there
    for (const outcome of confirmed(outcomes.filter((o) => o.kind === 'update'))) {
      const stored = await api.request('GET', `/api/contacts/${outcome.contactId}`);
      expect(stored.body.version).toBeGreaterThanOrEqual(outcome.response.body.version);
      expect(stored.body.email).toBe(outcome.response.body.email);
    }
    // every contract has its number, numbers have no gap, and a signature never lacks its status change
    const all = await api.request('GET', '/api/contracts?limit=100');
    const numbers = all.body.items
      .map((c: { number: string }) => Number(c.number.split('-')[1]))
      .sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    for (const outcome of confirmed(outcomes.filter((o) => o.kind === 'contract'))) {
      expect((await api.request('GET', `/api/contracts/${outcome.response.body.id}`)).status).toBe(200);
    }
    for (const contract of all.body.items) {
      const stored = (await api.request('GET', `/api/contracts/${contract.id}`)).body;
      expect(stored.status).toBe(stored.signatures.length > 0 ? 'signed' : 'pending');
      expect((await api.request('GET', `/api/contracts/${contract.id}/verification`)).body.valid).toBe(true);
    }
    for (const outcome of confirmed(outcomes.filter((o) => o.kind === 'signature'))) {
      const stored = (await api.request('GET', `/api/contracts/${outcome.contractId}`)).body;
      expect(stored.signatures).toHaveLength(1);
    }
  }, 120_000);
});
