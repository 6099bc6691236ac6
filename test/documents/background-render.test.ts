import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentKey } from '#shared/documents/originals/document-key.ts';
import { unique, useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { signaturePng } from '../support/images.ts';
import { useStudioProfile } from '../support/studio.ts';

const api = useApi();
useStudioProfile(api);
// The store of originals lives in <DATA_DIR>/documents: a folder of this file's own, set before its first use.
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-background-render-'));
process.env.DATA_DIR = dataDir;
useBackgroundFunctions(['documents-render'], dataDir);

/** A render on a busy 2-core machine takes seconds at worst; the stream is read every 50 ms. */
const rendered = { timeout: 60_000, interval: 100 };

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const storedFile = (contractId: string) => join(dataDir, 'documents', documentKey(contractId, 'signed_original'));

const created = async (path: string, body: unknown) => {
  const response = await api.request('POST', path, { body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};

/** A twelve-month membership from 31 December 2026, renewing: its end is known only once it is terminated. */
const pendingContract = async () => {
  const contact = await created('/api/contacts', { firstName: 'Ada', lastName: unique('Brandt') });
  const service = await created('/api/services', {
    name: unique('Mitgliedschaft '),
    price: { amount: 3900, currency: 'EUR' },
    billingInterval: 'month',
  });
  return created('/api/contracts', {
    contactId: contact.id,
    items: [{ serviceId: service.id }],
    startDate: '2026-12-31',
    minimumTermMonths: 12,
  });
};

const sign = (contract: { id: string; documentHash: string }) =>
  created(`/api/contracts/${contract.id}/signatures`, {
    role: 'customer',
    signerName: 'Ada Brandt',
    documentHash: contract.documentHash,
    signatureImage: signaturePng,
    consent: true,
  });

const documents = async (contractId: string) => {
  const response = await api.request('GET', `/api/contracts/${contractId}/documents`);
  expect(response.status).toBe(200);
  return response.body.items as { id: string; kind: string; sha256: string; size: number; retainUntil: string }[];
};

const download = async (contractId: string) => {
  const response = await fetch(`${api.url}/api/contracts/${contractId}/document`, {
    headers: { authorization: `Bearer ${await api.token({ groups: ['staff'] })}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

describe('the signed original, from the outbox', () => {
  it('is rendered and stored after the signing, before anyone downloads it', async () => {
    const contract = await pendingContract();
    await sign(contract);

    await expect.poll(() => documents(contract.id), rendered).toHaveLength(1);
    const [original] = await documents(contract.id);
    const stored = readFileSync(storedFile(contract.id));
    expect(original).toMatchObject({ kind: 'signed_original', sha256: sha256(stored), size: stored.length });
    expect((await download(contract.id)).equals(stored)).toBe(true);
  });

  it('exists once when two downloads race the background render', async () => {
    const contract = await pendingContract();
    await sign(contract);

    const [one, two] = await Promise.all([download(contract.id), download(contract.id)]);

    expect(two.equals(one)).toBe(true);
    // The background work for this signing is done once the render it started has nothing left to add.
    await expect
      .poll(() => documents(contract.id), rendered)
      .toEqual([expect.objectContaining({ kind: 'signed_original', sha256: sha256(one) })]);
    expect(readFileSync(storedFile(contract.id)).equals(one)).toBe(true);
  });

  it('is kept to the end of the eighth year after the contract’s end once a termination fixes it', async () => {
    const contract = await pendingContract();
    await sign(contract);
    await expect.poll(() => documents(contract.id), rendered).toHaveLength(1);
    const [before] = await documents(contract.id);
    const stored = readFileSync(storedFile(contract.id));

    const terminated = await api.request('POST', `/api/contracts/${contract.id}/termination`, { body: {} });
    expect(terminated.status, JSON.stringify(terminated.body)).toBe(200);
    const endYear = Number(String(terminated.body.endsOn).slice(0, 4));
    const extended = `${endYear + 9}-01-01T00:00:00.000Z`;

    // Signed this year, ending at the earliest at the end of the minimum term (30 December 2027).
    expect(endYear).toBeGreaterThanOrEqual(2027);
    expect(before?.retainUntil).not.toBe(extended);
    await expect.poll(async () => (await documents(contract.id))[0]?.retainUntil, rendered).toBe(extended);
    const retention = JSON.parse(readFileSync(`${storedFile(contract.id)}.retention.json`, 'utf8'));
    expect(retention.retainUntil).toBe(extended);
    // Only the date moved: the bytes and their record stay.
    expect(readFileSync(storedFile(contract.id)).equals(stored)).toBe(true);
    expect((await documents(contract.id))[0]).toEqual({ ...before, retainUntil: extended });
  });
});
