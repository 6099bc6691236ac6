import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { declarationKey } from '#shared/declarations/keys.ts';
import { useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { useStudioProfile } from '../support/studio.ts';
import { tableClient } from '../support/table.ts';
import { confirmed, newClientAddress, postFrom, signedContractOf } from './declaration-support.ts';

const api = useApi();
useStudioProfile(api);
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-declarations-backfill-'));
process.env.DATA_DIR = dataDir;
const outbox = join(dataDir, 'outbox');
useBackgroundFunctions(['declarations-match'], dataDir);

const backfill = async () =>
  (await import('#shared/declarations/backfill-person-keys.ts')).backfillDeclarationPersonKeys();

/** What a declaration stored before gsi4 existed looks like: neither person key. */
const storedBeforeThePersonKeys = (id: string) =>
  tableClient().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: declarationKey(id),
      UpdateExpression: 'REMOVE gsi2pk, gsi2sk, gsi4pk, gsi4sk',
    }),
  );

const declarationsInExport = async (contactId: string) => {
  const exported = await api.request('GET', `/api/contacts/${contactId}/export`);
  expect(exported.status).toBe(200);
  const categories = exported.body.categories as { category: string; items: { id: string }[] }[];
  return (categories.find(({ category }) => category === 'declarations')?.items ?? []).map(({ id }) => id).sort();
};

describe('npm run backfill-declaration-keys', () => {
  it("gives declarations stored before the person keys theirs, so the person's export finds them; again it changes nothing", async () => {
    // prepare: one giving the contact's email (another name: not matched), one by another email assigned by staff
    const { contact, contract } = await signedContractOf(api);
    const byEmail = await postFrom(api, newClientAddress(), '/api/public/terminations', {
      firstName: 'Ada',
      lastName: 'Fremd',
      email: contact.email,
    });
    const typo = await postFrom(api, newClientAddress(), '/api/public/terminations', {
      firstName: 'Ada',
      lastName: 'Unbekannt',
      email: 'tippfehler-backfill@example.com',
    });
    await confirmed(outbox, byEmail.body.id);
    await confirmed(outbox, typo.body.id);
    const assigned = await api.request('POST', `/api/declarations/${typo.body.id}/assignment`, {
      as: 'staff',
      body: { contractId: contract.id },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const both = [byEmail.body.id, typo.body.id].sort();
    for (const id of both) await storedBeforeThePersonKeys(id);
    expect(await declarationsInExport(contact.id)).toEqual([]);

    // act
    const first = await backfill();
    const second = await backfill();

    // assess
    expect(first.keyed).toBeGreaterThanOrEqual(2);
    expect(second.keyed).toBe(0);
    expect(await declarationsInExport(contact.id)).toEqual(both);
  });
});
