import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PurgeReport } from '#shared/privacy/purge-expired.ts';
import { useApi } from '../support/api.ts';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { everyItem, itemsNaming, liveAt, personWithEverything, restrictOnceEnded } from './person.ts';

// A purge whose DynamoDB calls fail half-way (the call applied, its answer lost), then run again, leaves nothing
// of the person behind and logs the erasure once.
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-privacy-purge-'));
process.env.DATA_DIR = dataDir;
const api = useApi();
let proxy: FaultProxy;
beforeAll(async () => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
  proxy = await startFaultProxy(inject('dynamoEndpoint'));
  process.env.DYNAMODB_ENDPOINT = proxy.url;
});
afterAll(() => proxy.close());

/** A customer with everything, restricted once the contract has ended; the clock then stands past the restriction. */
const restrictedPerson = async () => {
  delete process.env.STUDIO_CLOCK;
  const person = await personWithEverything(api);
  const restrictedUntil = await restrictOnceEnded(api, person);
  process.env.STUDIO_CLOCK = new Date(Date.parse(restrictedUntil) + 86_400_000).toISOString();
  return person;
};

// Imported once the API has pointed this process at the proxy: the data layer's client reads it when loaded.
const purge = async (): Promise<PurgeReport> =>
  (await import('#shared/privacy/purge-expired.ts')).purgeExpiredRestrictions();

const storedFilesOf = (contractId: string): string[] => {
  const folder = join(dataDir, 'documents', 'contracts', contractId);
  return existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String) : [];
};

const expectNothingLeftOf = async (person: Awaited<ReturnType<typeof restrictedPerson>>) => {
  const left = (await itemsNaming(person.email, person.lastName, person.contact.id, person.contract.id))
    .filter(liveAt(process.env.STUDIO_CLOCK ?? ''))
    .map((item) => item.entity)
    .filter((entity) => entity !== 'event');
  expect(left).toEqual(['erasureLogEntry']);
  expect(storedFilesOf(person.contract.id)).toEqual([]);
  const erasedEvents = (await everyItem()).filter(
    (item) => item.type === 'contact.erased' && (item.data as { id: string }).id === person.contact.id,
  );
  expect(erasedEvents).toHaveLength(1);
};

describe('a retention purge interrupted half-way', () => {
  it('is completed by the next run, whichever call lost its answer', async () => {
    const probe = await restrictedPerson();
    proxy.reset();
    expect((await purge()).erased).toEqual([probe.contact.id]);
    const steps = proxy.calls
      .map((operation, index) => ({
        operation,
        skip: proxy.calls.slice(0, index).filter((call) => call === operation).length,
      }))
      .filter(({ operation, skip }) => operation === 'TransactWriteItems' || (operation === 'Query' && skip === 0));
    // The debits, the rest, the contract, the contact with its log entry: four transactions at least.
    expect(steps.filter((step) => step.operation === 'TransactWriteItems').length).toBeGreaterThanOrEqual(4);
    await expectNothingLeftOf(probe);

    for (const step of steps) {
      const person = await restrictedPerson();
      proxy.reset();
      proxy.inject({ ...step, fault: 'error-500', times: 20 });
      const interrupted = await purge().catch((error: Error) => error);
      proxy.reset();

      const rerun = await purge();

      const failedFirst =
        interrupted instanceof Error || interrupted.failed.some(({ contactId }) => contactId === person.contact.id);
      expect(failedFirst, JSON.stringify(step)).toBe(true);
      expect(rerun.failed, JSON.stringify(step)).toEqual([]);
      await expectNothingLeftOf(person);
    }
  }, 900_000);
});
