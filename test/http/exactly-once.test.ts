import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { routes } from '#shared/routes.ts';
import { type ApiResponse, unique, useApi } from '../support/api.ts';
import { type AnswerFault, type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { useStudioProfile } from '../support/studio.ts';
import { areaWriteCases, type WriteCase, writeFixtures } from '../support/write-case.ts';

const api = useApi();
let proxy: FaultProxy;

// Registered after useApi's setup: the handlers (loaded on the first request) talk to DynamoDB Local through the proxy.
beforeAll(async () => {
  proxy = await startFaultProxy(inject('dynamoEndpoint'));
  process.env.DYNAMODB_ENDPOINT = proxy.url;
  // Mailed copies go to an outbox of this file's own; webhooks may point at loopback, as locally.
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'studio-api-exactly-once-'));
  process.env.WEBHOOK_DESTINATIONS = 'local';
});
afterAll(() => proxy.close());
beforeEach(() => proxy.reset());
// Contracts name the studio as a party: none can be created before its profile exists.
useStudioProfile(api);

/** What stays the same between two runs of one request: everything but ids, times, numbers, hashes and seals. */
const comparable = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === 'value' || key === 'keyId' ? '<seal>' : comparable(inner),
      ]),
    );
  }
  if (typeof value !== 'string') return value;
  if (/^[0-9A-HJKMNP-TV-Z]{26}$/.test(value)) return '<id>';
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return '<time>';
  if (value.startsWith('sha256:') || /^[0-9a-f]{64}$/.test(value)) return '<hash>';
  if (value.startsWith('whsec_')) return '<secret>';
  // The outbox names a message by a random id of its own.
  if (value.endsWith('@studio.invalid')) return '<message-id>';
  if (/^\d{4}-\d{6}$/.test(value)) return '<number>';
  // unique() names and addresses differ between the two runs by their 12 hex digits.
  return value.replace(/[0-9A-HJKMNP-TV-Z]{26}/g, '<id>').replace(/[0-9a-f]{12}(?![0-9a-f])/g, '<unique>');
};

const seen = (response: ApiResponse, sameBut: readonly string[] = []) => {
  const body = comparable(response.body) as Record<string, unknown> | string;
  const differing = (value: unknown, key: string) => (sameBut.includes(key) ? '<differs between runs>' : value);
  return {
    status: response.status,
    location: comparable(response.headers.get('location')),
    etag: differing(response.headers.get('etag'), 'etag'),
    body:
      typeof body === 'object' && body
        ? Object.fromEntries(Object.entries(body).map(([key, value]) => [key, differing(value, key)]))
        : differing(body, 'body'),
  };
};

// Every write route of the API, from the areas' `test/<area>/write-cases.ts`.
const fixtures = writeFixtures(api);
const writeCases: Record<string, WriteCase> = await areaWriteCases(fixtures);

/**
 * The handlers' DynamoDB client (the same module instance: they run in this process) with another request
 * timeout while `work` runs. A held answer lasts exactly as long as the client waits for it, 2 s in production:
 * shorter here, still far above what DynamoDB Local needs for one call, so the matrix does not wait 2 s per case.
 */
// 400 ms: a call of DynamoDB Local on a busy machine seldom takes a tenth of it, and a call that did would be
// retried (the client's three attempts) as any timed-out call is.
const heldAnswerTimeoutMs = 400;
const withRequestTimeout = async <T>(timeoutMs: number, work: () => Promise<T>): Promise<T> => {
  const { dynamoDbClient, requestTimeoutMs } = await import('#shared/db/client.ts');
  const handler = dynamoDbClient.config.requestHandler as {
    updateHttpClientConfig(key: 'requestTimeout', value: number): void;
  };
  handler.updateHttpClientConfig('requestTimeout', timeoutMs);
  try {
    return await work();
  } finally {
    handler.updateHttpClientConfig('requestTimeout', requestTimeoutMs);
  }
};

const run = async (writeCase: WriteCase, fault?: AnswerFault) => {
  const { method, path, body, headers, as, holdsOnce, sameBut } = await writeCase.prepare();
  proxy.reset();
  if (fault) proxy.inject({ operation: 'TransactWriteItems', fault });
  const request = () =>
    api.request(method, path, {
      ...(body === undefined ? {} : { body }),
      ...(as === undefined ? {} : { as }),
      headers: headers ?? {},
    });
  const response = fault === 'hold-answer' ? await withRequestTimeout(heldAnswerTimeoutMs, request) : await request();
  if (fault) expect(proxy.struck, 'the fault struck the write').toEqual(['TransactWriteItems']);
  await holdsOnce(response);
  return seen(response, sameBut);
};

describe('every write survives a lost answer from DynamoDB with the fault-free answer and state', () => {
  it('has a case for every route that changes data on request (each method but GET)', () => {
    const covered = new Set(Object.keys(writeCases).map((name) => name.split(' ').slice(0, 2).join(' ')));
    const writeRoutes = routes
      .filter((route) => route.method !== 'GET')
      .map((route) => `${route.method} ${route.path.replaceAll('{id}', ':id')}`);

    expect(writeRoutes.filter((route) => !covered.has(route))).toEqual([]);
  });

  for (const [name, writeCase] of Object.entries(writeCases)) {
    describe(name, () => {
      let faultFree: ReturnType<typeof seen>;
      beforeAll(async () => {
        proxy.reset();
        faultFree = await run(writeCase);
        expect(faultFree.status).toBeLessThan(300);
      });

      for (const fault of ['drop-answer', 'hold-answer', 'error-500'] as const) {
        it(`answers as without the fault when the write's answer is lost (${fault})`, async () => {
          const response = await run(writeCase, fault);

          expect(response).toEqual(faultFree);
        });
      }
    });
  }
});

describe('an Idempotency-Key retry after any failed call never does the work twice', () => {
  const createWithKey = (body: unknown, key: string) =>
    api.request('POST', '/api/contracts', { body, headers: { 'idempotency-key': key } });

  const prepareCreate = async () => {
    const [contact, service] = await Promise.all([fixtures.newContact(), fixtures.newService()]);
    return { contact, body: { contactId: contact.id, items: [{ serviceId: service.id }], startDate: '2026-12-01' } };
  };

  it('learns the calls of a create under a key', async () => {
    const { body } = await prepareCreate();
    proxy.reset();
    expect((await createWithKey(body, unique('key-'))).status).toBe(201);
    // The claim, the reads, and the work's transaction that also stores the response.
    expect(proxy.calls.filter((call) => call === 'TransactWriteItems')).toHaveLength(2);
    expect(proxy.calls[0]).toBe('TransactWriteItems');
  });

  it('ends in one contract and the original response, whichever call fails on every attempt', async () => {
    const { body: probeBody } = await prepareCreate();
    proxy.reset();
    await createWithKey(probeBody, unique('key-'));
    const steps = proxy.calls.map((operation, index) => ({
      operation,
      skip: proxy.calls.slice(0, index).filter((call) => call === operation).length,
    }));

    for (const step of steps) {
      const { contact, body } = await prepareCreate();
      const key = unique('key-');
      proxy.reset();
      proxy.inject({ ...step, fault: 'drop-answer', times: 3 });

      const first = await createWithKey(body, key);
      proxy.reset();
      const retry = await createWithKey(body, key);

      const label = `${step.operation} #${step.skip}: first ${first.status}`;
      expect([201, 503], label).toContain(first.status);
      expect(retry.status, label).toBe(201);
      const contracts = (await fixtures.get(`/api/contracts?contactId=${contact.id}`)).body.items;
      expect(contracts, label).toHaveLength(1);
      expect(retry.body.id, label).toBe(contracts[0].id);
      if (first.status === 201) expect(retry.body, label).toEqual(first.body);
      // The work committed while its answer was lost: the retry is the stored response, not a second run.
      if (step.operation === 'TransactWriteItems' && step.skip === 1) {
        expect(retry.headers.get('idempotent-replayed'), label).toBe('true');
      }
    }
  });

  it('replays a response with the replay request’s own X-Request-Id', async () => {
    const { body } = await prepareCreate();
    const key = unique('key-');

    const first = await createWithKey(body, key);
    const replay = await createWithKey(body, key);

    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('x-request-id')).toBeTruthy();
    expect(replay.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });
});
