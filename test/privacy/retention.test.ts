import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { npmStart, useNpmStart } from '../support/npm-start.ts';
import { tableClient } from '../support/table.ts';
import { customerIban, everyItem, itemsNaming, liveAt, personWithEverything, restrictOnceEnded } from './person.ts';

// Originals and mails live under <DATA_DIR>, which the restarted `npm start` shares with this file's API.
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-privacy-retention-'));
process.env.DATA_DIR = dataDir;
const api = useApi();
useClock();
useNpmStart();
beforeAll(() => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
});

const dayMs = 86_400_000;

/** `npm start` on this file's table and data folder at `instant`, stopped again once it listens; its stderr. */
const restartAt = async (instant: string): Promise<string> => {
  const server = await npmStart({
    DATA_DIR: dataDir,
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    TABLE_NAME: process.env.TABLE_NAME as string,
    STUDIO_CLOCK: instant,
  });
  server.child.kill('SIGTERM');
  expect(await server.stopped, server.stderr()).toBe(0);
  return server.stderr();
};

/** Every file under the contract's folder of stored documents: each version's bytes and retention record. */
const storedFilesOf = (contractId: string): string[] => {
  const folder = join(dataDir, 'documents', 'contracts', contractId);
  return existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String) : [];
};

const outboxMailsNaming = (address: string) => {
  const folder = join(dataDir, 'outbox');
  return existsSync(folder)
    ? readdirSync(folder).filter((name) => readFileSync(join(folder, name), 'utf8').includes(address))
    : [];
};

describe('retention runs out by itself at npm start', () => {
  it('keeps a restricted contact until restrictedUntil, then purges it with its contracts, documents and everything naming it', async () => {
    // prepare: a customer with a signed contract, its mandate, copy, original, collected due and declaration,
    // terminated, then restricted once the contract has ended.
    const person = await personWithEverything(api);
    const restrictedUntil = await restrictOnceEnded(api, person);
    expect(storedFilesOf(person.contract.id)).not.toEqual([]);
    // The agreed pause's document is among them (`amendment-1.pdf`): the purge takes it with the rest.
    expect(storedFilesOf(person.contract.id).some((name) => name.startsWith('amendment-1'))).toBe(true);
    expect(outboxMailsNaming(person.email)).not.toEqual([]);

    // act: restarted one day before the restriction ends
    const dayBefore = await restartAt(new Date(Date.parse(restrictedUntil) - dayMs).toISOString());

    // assess: nothing is gone
    expect(dayBefore).toContain('Retention purge: 0 contact(s) erased');
    const kept = (await itemsNaming(person.contract.id, person.lastName)).map((item) => item.entity);
    expect(kept).toEqual(
      expect.arrayContaining(['contact', 'contract', 'signature', 'mandate', 'due', 'debit', 'declaration']),
    );
    expect(kept).toContain('storedDocument');
    expect(storedFilesOf(person.contract.id).filter((name) => name.endsWith('.pdf')).length).toBeGreaterThan(0);
    expect((await api.request('GET', `/api/contacts/${person.contact.id}`)).status).toBe(200);

    // act: restarted once it has ended
    const after = new Date(Date.parse(restrictedUntil) + 60_000).toISOString();
    const purged = await restartAt(after);

    // assess: everything naming the person is gone, every stored version too; the log and the event name its id
    expect(purged).toContain('Retention purge: 1 contact(s) erased');
    const live = liveAt(after);
    expect((await itemsNaming(person.email, person.lastName, customerIban, 'Erika Privat')).filter(live)).toEqual([]);
    // Besides: the log's entry, and the events (ids only, 30 days), as the webhooks' outbox.
    const left = (await itemsNaming(person.contract.id, person.contact.id)).filter(live).map((item) => item.entity);
    expect(left.filter((entity) => entity !== 'event')).toEqual(['erasureLogEntry']);
    expect(storedFilesOf(person.contract.id)).toEqual([]);
    expect(outboxMailsNaming(person.email)).toEqual([]);
    const { Item: logged } = await tableClient().send(
      new GetCommand({
        TableName: process.env.TABLE_NAME,
        Key: { pk: 'ERASURES', sk: `ERASURE#${person.contact.id}` },
      }),
    );
    expect(logged).toMatchObject({ contactId: person.contact.id, erasedAt: after, basis: 'retention' });
    expect(Object.keys(logged ?? {}).sort()).toEqual(['basis', 'contactId', 'entity', 'erasedAt', 'pk', 'sk']);
    const erasedEvents = (await everyItem()).filter(
      (item) => item.type === 'contact.erased' && (item.data as { id: string }).id === person.contact.id,
    );
    expect(erasedEvents).toHaveLength(1);
    expect((await api.request('GET', `/api/contacts/${person.contact.id}`)).status).toBe(404);
    expect((await api.request('GET', `/api/contracts/${person.contract.id}`)).status).toBe(404);
  }, 600_000);
});
