import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventory, inventoryModules, itemKindOf } from '#shared/privacy/inventory.ts';
import type { AreaItemKinds } from '#shared/privacy/item-kind.ts';
import { repositoryRoot } from '../../infra/local/handler-loader.ts';
import { unique, useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { areaWriteCases, writeFixtures } from '../support/write-case.ts';
import { created, everyItem, newPerson, personWithEverything } from './person.ts';

// Copies, originals and the delivery queue live under <DATA_DIR>: a folder of this file's own.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'studio-api-privacy-inventory-'));
// A webhook on a closed local port: its failed attempts are recorded, which is what this test needs.
process.env.WEBHOOK_DESTINATIONS = 'local';
process.env.WEBHOOK_RETRY_SCHEDULE_MS = '60000';
const api = useApi();
useBackgroundFunctions(['webhooks-dispatch', 'webhooks-deliver']);
beforeAll(() => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
});

/** The TypeScript files under a folder of the repository, recursively. */
const sourcesUnder = (folder: string): string[] =>
  existsSync(join(repositoryRoot, folder))
    ? readdirSync(join(repositoryRoot, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .map((file) => join(folder, file))
    : [];

/**
 * The `entity` of every kind of item the code writes, by the file that writes it: an item's `entity: '…'`, an
 * update's `':entity': '…'`, or a constant `…Entity = '…'` (the events' and webhooks' items).
 */
const writtenEntities = (file: string): string[] =>
  [
    ...readFileSync(join(repositoryRoot, file), 'utf8').matchAll(
      /(?:\bentity|':entity')\s*:\s*'(\w+)'|\b\w+Entity\s*=\s*'(\w+)'/g,
    ),
  ].map((match) => (match[1] ?? match[2]) as string);

/** The module a file of shared/ or functions/ belongs to: its first folder (`shared/contracts/mandates/…` → contracts). */
const moduleOf = (file: string): string => file.split('/')[1] ?? '';

describe('the personal-data inventory', () => {
  it('lists each kind once', () => {
    const kinds = inventory.map((kind) => kind.entity);
    expect(kinds.length).toBe(new Set(kinds).size);
  });

  it('has a shared/<module>/personal-data.ts exporting itemKinds for every area and the modules beside them', async () => {
    for (const module of inventoryModules()) {
      const loaded = await import(/* @vite-ignore */ `#shared/${module}/personal-data.ts`);
      expect(Array.isArray(loaded.itemKinds), `${module}: shared/${module}/personal-data.ts exports no itemKinds`).toBe(
        true,
      );
    }
  });

  it('lists each kind of item an area writes in that area’s own personal-data.ts', async () => {
    const listed = new Map<string, ReadonlySet<string>>();
    for (const module of inventoryModules()) {
      const { itemKinds } = (await import(/* @vite-ignore */ `#shared/${module}/personal-data.ts`)) as {
        itemKinds: AreaItemKinds;
      };
      listed.set(module, new Set(itemKinds.map((kind) => kind.entity)));
    }
    const everywhere = new Set(inventory.map((kind) => kind.entity));
    const unlisted = [...sourcesUnder('shared'), ...sourcesUnder('functions')]
      .filter((file) => !file.endsWith('/personal-data.ts') && !file.endsWith('/area.ts'))
      .flatMap((file) =>
        writtenEntities(file)
          .filter((entity) => !(listed.get(moduleOf(file)) ?? everywhere).has(entity))
          .map((entity) =>
            listed.has(moduleOf(file))
              ? `${moduleOf(file)}: items of entity '${entity}' (${file}) are not in shared/${moduleOf(file)}/personal-data.ts`
              : `items of entity '${entity}' (${file}) are in no personal-data.ts`,
          ),
      );

    expect(unlisted).toEqual([]);
    // The scan itself finds what it looks for: a kind of every area that writes items.
    expect(sourcesUnder('shared/contracts').flatMap(writtenEntities)).toContain('contractNumberCounter');
  });

  it('names each kind in the README data inventory, by its entity', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const readmeInventory = readme.slice(readme.indexOf('## Personal data'));
    const missing = inventory.map((kind) => kind.entity).filter((entity) => !readmeInventory.includes(`\`${entity}\``));
    expect(missing, 'kinds the README data inventory does not name').toEqual([]);
  });

  it('covers every kind of item a whole customer journey writes, and that journey writes every listed kind', async () => {
    // One type is enough for a recorded attempt; every type would send each of the journey's events to the port.
    const webhook = await created(api, '/api/webhooks', {
      url: `http://127.0.0.1:9/${unique('hooks')}`,
      types: ['contact.created'],
    });
    await personWithEverything(api);
    // Every write route of every area, as test/http/exactly-once.test.ts sends it: a new area's items are written too.
    for (const [name, writeCase] of Object.entries(await areaWriteCases(writeFixtures(api)))) {
      const { method, path, body, headers, as } = await writeCase.prepare();
      const response = await api.request(method, path, {
        ...(body === undefined ? {} : { body }),
        ...(as === undefined ? {} : { as }),
        headers: headers ?? {},
      });
      expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    }
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
