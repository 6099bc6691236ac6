import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { allCollections, createCollection, duesOfContract, mandatedContract, sepaStudio } from './support.ts';

// A create that fails at any call, then is retried, ends with every due in exactly one collection
// (docs/collections.md, "Exactly once"): the building record, the claims and the finish are each tried
// against a DynamoDB whose answers are lost.
const api = useApi();
const clock = useClock();
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy(inject('dynamoEndpoint'));
  process.env.DYNAMODB_ENDPOINT = proxy.url;
  process.env.STUDIO_CLOCK = '2027-01-04T09:00:00Z';
  await sepaStudio(api);
  delete process.env.STUDIO_CLOCK;
});
afterAll(() => proxy.close());

const collectionDate = '2027-01-19';

/** A weekly contract from 5 January 2026: 55 dues up to the collection date, more than one transaction of claims holds. */
const weeklyContract = () => mandatedContract(api, { startDate: '2026-01-05', billingInterval: 'week', amount: 1500 });

/** Each due of the contracts up to the collection date is collected, by exactly one created collection. */
const expectEachDueOnce = async (contracts: ReadonlyArray<{ id: string }>) => {
  const collections = await allCollections(api);
  expect(collections.filter((collection) => collection.status !== 'created')).toEqual([]);
  const holders = new Map<string, string[]>();
  for (const collection of collections) {
    for (const due of collection.dues) holders.set(due, [...(holders.get(due) ?? []), collection.id]);
  }
  // No due of any contract is in two collections.
  expect([...holders].filter(([, holding]) => holding.length > 1)).toEqual([]);
  for (const contract of contracts) {
    const dues = await duesOfContract(api, contract.id, collectionDate);
    expect(dues.length).toBeGreaterThan(49);
    for (const due of dues) {
      expect(due.status, due.id).toBe('collected');
      expect(holders.get(due.id), due.id).toEqual([due.collectionId]);
    }
  }
};

describe('a create that fails half-way', () => {
  it('completes the same collection when retried with its Idempotency-Key, whichever call failed', async () => {
    clock.set('2027-01-04T10:00:00Z');
    const probe = await weeklyContract();
    proxy.reset();
    expect((await createCollection(api, collectionDate, { 'idempotency-key': unique('key-') })).status).toBe(201);
    const steps = proxy.calls.map((operation, index) => ({
      operation,
      skip: proxy.calls.slice(0, index).filter((call) => call === operation).length,
    }));
    expect(steps.filter((step) => step.operation === 'TransactWriteItems').length).toBeGreaterThan(3);
    const contracts = [probe];

    for (const step of steps) {
      contracts.push(await weeklyContract());
      const key = unique('key-');
      proxy.reset();
      proxy.inject({ ...step, fault: 'error-500', times: 20 });
      const failed = await createCollection(api, collectionDate, { 'idempotency-key': key });
      proxy.reset();

      const retried = await createCollection(api, collectionDate, { 'idempotency-key': key });

      expect(failed.status === 201 ? 'a replay' : failed.status, JSON.stringify(step)).not.toBe(200);
      expect(retried.status, `${JSON.stringify(step)}: ${JSON.stringify(retried.body)}`).toBe(201);
      // The step's own contract due by due; every contract's once more after the last step.
      await expectEachDueOnce(contracts.slice(-1));
    }
    await expectEachDueOnce(contracts);
  }, 600_000);

  it('is finished by the next create once its request is gone, without an Idempotency-Key', async () => {
    clock.set('2027-01-04T11:00:00Z');
    const contract = await weeklyContract();
    proxy.reset();
    // The second chunk of claims fails: the collection holds some dues and stays `building`.
    proxy.inject({ operation: 'TransactWriteItems', skip: 2, fault: 'error-500', times: 20 });
    const failed = await createCollection(api, collectionDate);
    proxy.reset();
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const building = (await allCollections(api)).filter((collection) => collection.status === 'building');
    expect(building).toHaveLength(1);

    // Within the lease the building collection is left to its request; after it the next create finishes it.
    clock.set('2027-01-04T11:05:00Z');
    const next = await createCollection(api, collectionDate);

    expect(next.status).toBe(422);
    const finished = await api.request('GET', `/api/collections/${building[0]?.id}`);
    expect(finished.body.status).toBe('created');
    expect(finished.body.count).toBe(55);
    await expectEachDueOnce([contract]);
  }, 120_000);
});
