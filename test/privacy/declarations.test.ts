import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { declarationOf, itemKindDeclarations } from '#shared/privacy/declarations.ts';
import { unique, useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { created, everyItem, newPerson, personWithEverything } from './person.ts';

// Copies, originals and the delivery queue live under <DATA_DIR>: a folder of this file's own.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'studio-api-privacy-declarations-'));
// A webhook on a closed local port: its failed attempts are recorded, which is what this test needs.
process.env.WEBHOOK_DESTINATIONS = 'local';
process.env.WEBHOOK_RETRY_SCHEDULE_MS = '60000';
const api = useApi();
useBackgroundFunctions(['webhooks-dispatch', 'webhooks-deliver']);
beforeAll(() => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
});

describe('the personal-data declarations', () => {
  it('declare each kind once', () => {
    const kinds = itemKindDeclarations.map((declaration) => declaration.entity);
    expect(kinds.length).toBe(new Set(kinds).size);
  });

  it('each appear in the README data inventory, by their entity', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const inventory = readme.slice(readme.indexOf('## Personal data'));
    const missing = itemKindDeclarations.map((d) => d.entity).filter((entity) => !inventory.includes(`\`${entity}\``));
    expect(missing, 'kinds the README data inventory does not name').toEqual([]);
  });

  it('cover every kind of item a whole customer journey writes, and that journey writes every declared kind', async () => {
    const webhook = await created(api, '/api/webhooks', { url: `http://127.0.0.1:9/${unique('hooks')}`, types: ['*'] });
    await personWithEverything(api);
    const erased = await newPerson(api);
    const erasure = await api.request('POST', `/api/contacts/${erased.contact.id}/erasure`, {
      body: { reason: 'Asked by email' },
    });
    expect(erasure.status).toBe(200);
    // A failed delivery attempt to the closed port is recorded: the deliveries' kind appears.
    await expect
      .poll(async () => (await api.request('GET', `/api/webhooks/${webhook.id}/deliveries`)).body.items.length, {
        timeout: 60_000,
        interval: 200,
      })
      .toBeGreaterThan(0);

    const items = await everyItem();
    const undeclared = items.filter((item) => !declarationOf(item)).map((item) => `${item.pk} ${item.sk}`);
    expect(undeclared, 'items whose kind has no declaration (shared/<area>/personal-data.ts)').toEqual([]);
    const written = new Set(items.map((item) => item.entity));
    const neverWritten = itemKindDeclarations.map((d) => d.entity).filter((entity) => !written.has(entity));
    expect(neverWritten, 'declared kinds this journey never wrote: extend test/privacy/person.ts').toEqual([]);
  }, 180_000);
});
