import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventory, itemKindOf } from '#shared/privacy/inventory.ts';
import { unique, useApi } from '../support/api.ts';
import { useEventDelivery } from '../support/event-delivery.ts';
import { created, everyItem, newPerson, personWithEverything } from './person.ts';

// Copies, originals and the delivery queue live under <DATA_DIR>: a folder of this file's own.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'studio-api-privacy-inventory-'));
// A webhook on a closed local port: its failed attempts are recorded, which is what this test needs.
process.env.WEBHOOK_DESTINATIONS = 'local';
process.env.WEBHOOK_RETRY_SCHEDULE_MS = '60000';
const api = useApi();
useEventDelivery();
beforeAll(() => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
});

describe('the personal-data inventory', () => {
  it('lists each kind once', () => {
    const kinds = inventory.map((kind) => kind.entity);
    expect(kinds.length).toBe(new Set(kinds).size);
  });

  it('names each kind in the README data inventory, by its entity', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const readmeInventory = readme.slice(readme.indexOf('## Personal data'));
    const missing = inventory.map((kind) => kind.entity).filter((entity) => !readmeInventory.includes(`\`${entity}\``));
    expect(missing, 'kinds the README data inventory does not name').toEqual([]);
  });

  it('covers every kind of item a whole customer journey writes, and that journey writes every listed kind', async () => {
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
    const unlisted = items.filter((item) => !itemKindOf(item)).map((item) => `${item.pk} ${item.sk}`);
    expect(unlisted, 'items whose kind the inventory leaves out (shared/<area>/personal-data.ts)').toEqual([]);
    const written = new Set(items.map((item) => item.entity));
    const neverWritten = inventory.map((kind) => kind.entity).filter((entity) => !written.has(entity));
    expect(neverWritten, 'listed kinds this journey never wrote: extend test/privacy/person.ts').toEqual([]);
  }, 180_000);
});
