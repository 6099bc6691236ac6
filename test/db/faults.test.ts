import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiResponse, useApi } from '../support/api.ts';
import { type FaultyDynamoDb, startFaultyDynamoDb } from '../support/faulty-dynamodb.ts';

const api = useApi();
let database: FaultyDynamoDb;

// Registered after useApi's setup, so the handlers (loaded on the first request) talk to the faulty endpoint.
beforeAll(async () => {
  database = await startFaultyDynamoDb();
  process.env.DYNAMODB_ENDPOINT = database.url;
});
afterAll(() => database.close());
beforeEach(() => {
  database.requests = 0;
});

// The function timeout in AWS (infra/stack.ts): the 503 must come well before it.
const functionTimeoutMs = 10_000;

const timed = async (request: () => ReturnType<typeof api.request>) => {
  const started = performance.now();
  const response = await request();
  return { response, elapsedMs: performance.now() - started };
};

const expectUnavailable = (response: ApiResponse) => {
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.body.type).toBe('https://studio.example/problems/service-unavailable');
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
};

describe('when DynamoDB is in trouble', () => {
  it('answers 503 with Retry-After when the database drops every connection', async () => {
    database.fault = 'drop-connection';

    const { response } = await timed(() => api.request('GET', '/api/contacts'));

    expectUnavailable(response);
    expect(database.requests).toBe(3);
  });

  it('answers 503 well within the function timeout when the database never answers', async () => {
    database.fault = 'never-answer';

    const { response, elapsedMs } = await timed(() =>
      api.request('POST', '/api/contacts', { body: { firstName: 'Tim', lastName: 'Out' } }),
    );

    expectUnavailable(response);
    expect(elapsedMs).toBeLessThan(functionTimeoutMs - 1_000);
  });

  it('retries throttled calls and then answers 503, never 500', async () => {
    database.fault = 'throttle';

    const responses = [
      await api.request('GET', '/api/services/01JD0000000000000000000000'),
      await api.request('PUT', '/api/services/01JD0000000000000000000000', {
        body: { name: 'x', price: { amount: 1, currency: 'EUR' } },
      }),
    ];

    for (const response of responses) expectUnavailable(response);
    expect(database.requests).toBe(2 * 3);
  });
});
