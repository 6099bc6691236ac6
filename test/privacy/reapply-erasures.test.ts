import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../infra/local/ensure-table.ts';
import { unique, useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { tableClient } from '../support/table.ts';
import { customerIban, everyItem, liveAt, newPerson, personWithEverything, restrictOnceEnded } from './person.ts';

// A point-in-time restore brings back the people erased since; the erasure log of the table that kept running
// names them, and `npm run reapply-erasures` erases them again in the restored table.
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-privacy-reapply-'));
process.env.DATA_DIR = dataDir;
const api = useApi();
useClock();
beforeAll(() => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
});

/** What DynamoDB Local cannot do, a point-in-time restore: every item of this file's table, copied to a new one. */
const restoreToNewTable = async (): Promise<string> => {
  const restored = `studio-api-restored-${unique()}`;
  const client = new DynamoDBClient({
    endpoint: inject('dynamoEndpoint'),
    region: 'eu-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await ensureTable(client, restored);
  client.destroy();
  for (const item of await everyItem()) await tableClient().send(new PutCommand({ TableName: restored, Item: item }));
  return restored;
};

/** `npm run --silent reapply-erasures -- --from <this file's table>` on the restored table; its stdout. */
const reapply = (restored: string): string =>
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'infra/local/reapply-erasures.ts', '--from', process.env.TABLE_NAME as string],
    {
      env: { ...process.env, TABLE_NAME: restored, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), DATA_DIR: dataDir },
    },
  ).toString();

const erasureLog = async (tableName: string) =>
  (await everyItem(tableName))
    .filter((item) => item.entity === 'erasureLogEntry')
    .map(({ contactId, erasedAt, basis }) => ({ contactId, erasedAt, basis }))
    .sort((a, b) => String(a.contactId).localeCompare(String(b.contactId)));

describe('npm run reapply-erasures', () => {
  it('erases again in a restored table everyone erased since the restore point, and logs them as they were', async () => {
    // prepare: one contact without contracts, one restricted with everything; the backup is taken; then the
    // first is erased on request and the second purged once its restriction ended.
    const asked = await newPerson(api);
    const kept = await personWithEverything(api);
    const restrictedUntil = await restrictOnceEnded(api, kept);
    const restored = await restoreToNewTable();
    expect(
      (await api.request('POST', `/api/contacts/${asked.contact.id}/erasure`, { body: { reason: 'Asked' } })).body,
    ).toEqual({ erased: true, restrictedUntil: null });
    process.env.STUDIO_CLOCK = new Date(Date.parse(restrictedUntil) + 60_000).toISOString();
    const { purgeExpiredRestrictions } = await import('#shared/privacy/purge-expired.ts');
    expect((await purgeExpiredRestrictions()).erased).toEqual([kept.contact.id]);
    const naming = (item: Record<string, unknown>) =>
      [asked.email, asked.lastName, kept.email, kept.lastName, customerIban].some((needle) =>
        JSON.stringify(item, (_key, value) => (value instanceof Uint8Array ? undefined : value)).includes(needle),
      );
    const live = liveAt(process.env.STUDIO_CLOCK);
    expect((await everyItem(restored)).filter(naming).length).toBeGreaterThan(0);

    // act
    const output = reapply(restored);

    // assess
    expect(output).toContain(`2 erased again in ${restored}, 0 already gone`);
    expect((await everyItem(restored)).filter(naming).filter(live)).toEqual([]);
    expect(await erasureLog(restored)).toEqual(await erasureLog(process.env.TABLE_NAME as string));
    expect(await erasureLog(restored)).toHaveLength(2);

    // act, assess: run again, it finds them gone and changes nothing
    expect(reapply(restored)).toContain(`0 erased again in ${restored}, 2 already gone`);
    expect(await erasureLog(restored)).toEqual(await erasureLog(process.env.TABLE_NAME as string));
  }, 600_000);
});
