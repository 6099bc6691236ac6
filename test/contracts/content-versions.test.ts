import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import canonicalize from 'canonicalize';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentVersions } from '#shared/contracts/content-versions.ts';
import { unique, useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { signaturePng } from '../support/images.ts';
import { useStudioProfile } from '../support/studio.ts';
import { tableClient } from '../support/table.ts';

// The agreed content per version (docs/decisions.md, "Document hash") and the price steps of version 2.
const api = useApi();
useStudioProfile(api);
const clock = useClock();

const eur = (amount: number) => ({ amount, currency: 'EUR' });
let contactId: string;
let monthly: string;
let yearly: string;
let once: string;
beforeAll(async () => {
  clock.set('2026-11-20T09:00:00Z');
  contactId = (await api.request('POST', '/api/contacts', { body: { firstName: 'Erika', lastName: unique('V') } })).body
    .id;
  const service = async (amount: number, billingInterval: string) =>
    (
      await api.request('POST', '/api/services', {
        body: { name: unique('Leistung '), price: eur(amount), billingInterval },
      })
    ).body.id as string;
  [monthly, yearly, once] = await Promise.all([service(4000, 'month'), service(48000, 'year'), service(2900, 'once')]);
});

const create = (items: unknown[], startDate = '2027-01-31') =>
  api.request('POST', '/api/contracts', { body: { contactId, items, startDate, minimumTermMonths: 12 } });

const contractsOfContact = async () => (await api.request('GET', `/api/contracts?contactId=${contactId}`)).body.items;

const sign = (contract: { id: string; documentHash: string }) =>
  api.request('POST', `/api/contracts/${contract.id}/signatures`, {
    body: {
      role: 'customer',
      signerName: 'Erika Mustermann',
      documentHash: contract.documentHash,
      signatureImage: signaturePng,
      consent: true,
    },
  });

// Computed here, not by the code under test: sha256 of RFC 8785 JSON of exactly the given fields.
const hashOf = (item: Record<string, unknown>, fields: readonly string[], itemFields: readonly string[]) => {
  const content: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field, item[field] ?? null]));
  content.items = (item.items as Record<string, unknown>[]).map((entry) =>
    Object.fromEntries(itemFields.map((field) => [field, entry[field] ?? null])),
  );
  return `sha256:${createHash('sha256')
    .update(canonicalize(content) ?? '')
    .digest('hex')}`;
};

describe('price steps agreed at signing', () => {
  it('keeps them on the item, covers them by the document hash and charges the new price from its period on', async () => {
    const response = await create([{ serviceId: monthly, priceSteps: [{ from: '2028-01-31', unitPrice: eur(4500) }] }]);

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.contentVersion).toBe(2);
    expect(response.body.items[0].priceSteps).toEqual([{ from: '2028-01-31', unitPrice: eur(4500) }]);
    const stored = (
      await tableClient().send(
        new GetCommand({
          TableName: process.env.TABLE_NAME,
          Key: { pk: `CONTRACT#${response.body.id}`, sk: 'CONTRACT' },
        }),
      )
    ).Item as Record<string, unknown>;
    const v2 = contentVersions[2];
    expect(response.body.documentHash).toBe(hashOf(stored, v2.contractFields, v2.itemFields));
    expect(response.body.documentHash).not.toBe(
      hashOf(
        { ...stored, items: [{ ...(stored.items as object[])[0], priceSteps: [] }] },
        v2.contractFields,
        v2.itemFields,
      ),
    );

    const dues = await api.request('GET', `/api/contracts/${response.body.id}/dues?from=2027-12-01&to=2028-03-01`);
    expect(
      dues.body.items.map((due: { dueOn: string; amount: { amount: number } }) => [due.dueOn, due.amount.amount]),
    ).toEqual([
      ['2027-12-01', 4000],
      ['2027-12-31', 4000],
      ['2028-01-31', 4500],
      ['2028-03-01', 4500],
    ]);
  });

  it.each([
    {
      case: 'not after the start',
      items: [{ serviceId: 'M', priceSteps: [{ from: '2027-01-31', unitPrice: eur(1) }] }],
      path: 'items.0.priceSteps.0.from',
      says: 'nach dem Vertragsbeginn',
    },
    {
      case: 'not on a period start (names the next one)',
      items: [{ serviceId: 'M', priceSteps: [{ from: '2027-03-02', unitPrice: eur(1) }] }],
      path: 'items.0.priceSteps.0.from',
      says: '2027-03-31',
    },
    {
      case: 'a yearly item’s month start',
      items: [{ serviceId: 'Y', priceSteps: [{ from: '2027-02-28', unitPrice: eur(1) }] }],
      path: 'items.0.priceSteps.0.from',
      says: '2028-01-31',
    },
    {
      case: 'not ascending',
      items: [
        {
          serviceId: 'M',
          priceSteps: [
            { from: '2027-05-01', unitPrice: eur(1) },
            { from: '2027-03-31', unitPrice: eur(2) },
          ],
        },
      ],
      path: 'items.0.priceSteps.1.from',
      says: 'vorigen Preisstufe',
    },
    {
      case: 'a one-off item',
      items: [{ serviceId: 'O', priceSteps: [{ from: '2027-03-01', unitPrice: eur(1) }] }],
      path: 'items.0.priceSteps.0.from',
      says: 'einmalige',
    },
    {
      case: 'a negative price',
      items: [{ serviceId: 'M', priceSteps: [{ from: '2027-03-01', unitPrice: eur(-1) }] }],
      path: 'items.0.priceSteps.0.unitPrice.amount',
      says: '',
    },
    {
      case: 'a malformed price',
      items: [{ serviceId: 'M', priceSteps: [{ from: '2027-03-01', unitPrice: { amount: 1.5, currency: 'EUR' } }] }],
      path: 'items.0.priceSteps.0.unitPrice.amount',
      says: '',
    },
    {
      case: 'eleven steps',
      items: [
        {
          serviceId: 'M',
          priceSteps: Array.from({ length: 11 }, (_, month) => ({
            from: `2027-${String(month + 2).padStart(2, '0')}-28`,
            unitPrice: eur(1),
          })),
        },
      ],
      path: 'items.0.priceSteps',
      says: '10',
    },
  ])('refuses a price step $case with a 400 naming it, and writes nothing', async ({ items, path, says }) => {
    const ids: Record<string, string> = { M: monthly, Y: yearly, O: once };
    const before = await contractsOfContact();

    const response = await create(items.map((item) => ({ ...item, serviceId: ids[item.serviceId] })));

    expect(response.status, JSON.stringify(response.body)).toBe(400);
    const error = response.body.errors.find((entry: { path: string }) => entry.path === path);
    expect(error, JSON.stringify(response.body.errors)).toBeDefined();
    expect(error.message).toContain(says);
    expect(await contractsOfContact()).toHaveLength(before.length);
  });
});

describe('content versions', () => {
  it('verifies a contract stored as version 1 stored it (no contentVersion, no priceSteps) as valid', async () => {
    const created = (await create([{ serviceId: monthly }])).body;
    const table = tableClient();
    const key = { pk: `CONTRACT#${created.id}`, sk: 'CONTRACT' };
    const item = (await table.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key }))).Item as Record<
      string,
      unknown
    >;
    // The item as the code before issue 33 wrote it: no contentVersion, items without priceSteps, its hash over version 1.
    const { contentVersion: _, ...older } = item;
    older.items = (item.items as Record<string, unknown>[]).map(({ priceSteps: __, ...rest }) => rest);
    older.documentHash = hashOf(older, contentVersions[1].contractFields, contentVersions[1].itemFields);
    await table.send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: older }));
    const signed = await sign({ id: created.id, documentHash: older.documentHash as string });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);

    const verification = await api.request('GET', `/api/contracts/${created.id}/verification`);

    expect(verification.body).toMatchObject({ valid: true, recomputedHash: older.documentHash });
    expect(verification.body.signatures).toEqual([expect.objectContaining({ sealValid: true, imageValid: true })]);
    const read = (await api.request('GET', `/api/contracts/${created.id}`)).body;
    expect(read.contentVersion).toBe(1);
    expect(read.items[0].priceSteps).toEqual([]);
    // Nothing wrote the defaults back: the stored item is still version 1's.
    const after = await table.send(
      new QueryCommand({
        TableName: process.env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND sk = :sk',
        ExpressionAttributeValues: { ':pk': key.pk, ':sk': key.sk },
      }),
    );
    expect(after.Items?.[0]?.contentVersion).toBeUndefined();
  });

  it('reads invalid when a version-2 contract is turned back to version 1 behind the API’s back', async () => {
    const created = (await create([{ serviceId: monthly }])).body;
    const table = tableClient();
    const item = (
      await table.send(
        new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `CONTRACT#${created.id}`, sk: 'CONTRACT' } }),
      )
    ).Item as Record<string, unknown>;
    const { contentVersion: _, ...older } = item;
    await table.send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: older }));

    const verification = await api.request('GET', `/api/contracts/${created.id}/verification`);

    expect(verification.body.valid).toBe(false);
  });

  it('lists each version’s fields in docs/decisions.md exactly as the code has them', () => {
    const decisions = readFileSync(new URL('../../docs/decisions.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    for (const [version, { contractFields, itemFields }] of Object.entries(contentVersions)) {
      expect(decisions).toContain(
        `version ${version}: \`${contractFields.join(', ')}\`; per item \`${itemFields.join(', ')}\``,
      );
    }
  });
});
