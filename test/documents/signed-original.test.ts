import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentKey } from '#shared/documents/originals/document-key.ts';
import { unique, useApi } from '../support/api.ts';
import { signaturePng } from '../support/images.ts';
import { useStudioProfile } from '../support/studio.ts';

const api = useApi();
useStudioProfile(api);

// The store of originals lives in <DATA_DIR>/documents: a folder of this file's own, set before its first use.
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-originals-'));
process.env.DATA_DIR = dataDir;
beforeAll(() => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
});
afterEach(() => {
  delete process.env.STUDIO_DOCUMENT_TEST_LAYOUT;
  vi.restoreAllMocks();
});

// The data layer reads its endpoint when first loaded: only after useApi() has connected it.
const dataLayer = async () => ({
  ...(await import('#shared/documents/originals/configured-originals-store.ts')),
  ...(await import('#shared/documents/signed-original.ts')),
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const storedFile = (contractId: string) => join(dataDir, 'documents', documentKey(contractId, 'signed_original'));

const created = async (path: string, body: unknown) => {
  const response = await api.request('POST', path, { body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};

const contract = async ({ signed }: { signed: boolean }) => {
  const contact = await created('/api/contacts', { firstName: 'Jörg', lastName: unique('Weiß') });
  const service = await created('/api/services', {
    name: unique('Mitgliedschaft '),
    price: { amount: 4900, currency: 'EUR' },
    billingInterval: 'month',
  });
  const pending = await created('/api/contracts', {
    contactId: contact.id,
    items: [{ serviceId: service.id }],
    startDate: '2026-12-31',
    minimumTermMonths: 12,
  });
  if (!signed) return pending;
  await created(`/api/contracts/${pending.id}/signatures`, {
    role: 'customer',
    signerName: `Jörg ${contact.lastName}`,
    documentHash: pending.documentHash,
    signatureImage: signaturePng,
    consent: true,
  });
  return pending;
};

const download = async (path: string) => {
  const response = await fetch(`${api.url}${path}`, {
    headers: { authorization: `Bearer ${await api.token({ groups: ['staff'] })}` },
  });
  return { response, pdf: Buffer.from(await response.arrayBuffer()) };
};

const documents = async (contractId: string) => {
  const response = await api.request('GET', `/api/contracts/${contractId}/documents`);
  expect(response.status).toBe(200);
  return response.body.items as { id: string; kind: string; sha256: string; size: number; retainUntil: string }[];
};

const saved = (pdf: Buffer) => {
  const file = join(dataDir, `${unique('download')}.pdf`);
  writeFileSync(file, pdf);
  return file;
};

const pdfsig = (pdf: Buffer) => {
  try {
    return execFileSync('pdfsig', [saved(pdf)], { encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
};

/** Where the page number stands on the first page (`pdftotext -bbox`): the layout the test flag moves. */
const pageNumberTop = (pdf: Buffer): number => {
  const boxes = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', saved(pdf), '-'], { encoding: 'utf8' });
  const word = boxes.match(/<word xMin="[\d.]+" yMin="([\d.]+)"[^>]*>Seite<\/word>/);
  if (!word) throw new Error('No page number on the first page');
  return Number(word[1]);
};

describe('the signed original', () => {
  it('is rendered once: two downloads give the same bytes, listed once, valid for pdfsig, and under its own route', async () => {
    const { id, number } = await contract({ signed: true });

    const first = await download(`/api/contracts/${id}/document`);
    const second = await download(`/api/contracts/${id}/document`);

    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('application/pdf');
    expect(first.response.headers.get('content-disposition')).toBe(`attachment; filename="Vertrag-${number}.pdf"`);
    expect(second.pdf.equals(first.pdf)).toBe(true);
    expect(first.response.headers.get('etag')).toBe(`"sha256:${sha256(first.pdf)}"`);
    const [original, ...others] = await documents(id);
    expect(others).toEqual([]);
    expect(original).toMatchObject({ kind: 'signed_original', sha256: sha256(first.pdf), size: first.pdf.length });
    // Signed this year: kept to the end of the eighth calendar year after it (§ 147 Abs. 3 AO).
    expect(original?.retainUntil).toBe(`${new Date().getUTCFullYear() + 9}-01-01T00:00:00.000Z`);
    expect(readFileSync(storedFile(id)).equals(first.pdf)).toBe(true);
    const byId = await download(`/api/contracts/${id}/documents/${original?.id}`);
    expect(byId.response.status).toBe(200);
    expect(byId.response.headers.get('content-type')).toBe('application/pdf');
    expect(byId.response.headers.get('content-disposition')).toBe(`attachment; filename="Vertrag-${number}.pdf"`);
    expect(byId.response.headers.get('etag')).toBe(`"sha256:${sha256(first.pdf)}"`);
    expect(byId.pdf.equals(first.pdf)).toBe(true);
    const report = pdfsig(first.pdf);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
  });

  it('stays byte for byte when the renderer’s output changes', async () => {
    const signed = await contract({ signed: true });
    const pending = await contract({ signed: false });
    const before = await download(`/api/contracts/${signed.id}/document`);
    const draftBefore = await download(`/api/contracts/${pending.id}/document`);

    process.env.STUDIO_DOCUMENT_TEST_LAYOUT = 'shifted';
    const after = await download(`/api/contracts/${signed.id}/document`);
    const draftAfter = await download(`/api/contracts/${pending.id}/document`);

    // The flag does change what the renderer makes: a draft, rendered on request, follows it.
    expect(pageNumberTop(draftAfter.pdf)).not.toBe(pageNumberTop(draftBefore.pdf));
    expect(after.pdf.equals(before.pdf)).toBe(true);
    expect(pageNumberTop(after.pdf)).toBe(pageNumberTop(before.pdf));
  });

  it('exists once after two racing downloads, and after two racing renders', async () => {
    const raced = await contract({ signed: true });
    const [one, two] = await Promise.all([
      download(`/api/contracts/${raced.id}/document`),
      download(`/api/contracts/${raced.id}/document`),
    ]);
    expect(two.pdf.equals(one.pdf)).toBe(true);
    expect(await documents(raced.id)).toHaveLength(1);

    const { ensureSignedOriginal } = await dataLayer();
    const rendered = await contract({ signed: true });
    const [first, second] = await Promise.all([ensureSignedOriginal(rendered.id), ensureSignedOriginal(rendered.id)]);
    expect(second).toEqual(first);
    expect(await documents(rendered.id)).toEqual([first]);
    expect(sha256(readFileSync(storedFile(rendered.id)))).toBe(first.sha256);
  });

  it('is completed from the stored bytes after a crash between the file and its record', async () => {
    const { id } = await contract({ signed: true });
    // What an attempt stored before it crashed: these bytes, and no record of them.
    const earlier = Buffer.from(
      (await download(`/api/contracts/${(await contract({ signed: true })).id}/document`)).pdf,
    );
    const { configuredOriginalsStore } = await dataLayer();
    await configuredOriginalsStore().putIfAbsent(documentKey(id, 'signed_original'), earlier, new Date('2035-01-01'));
    expect(await documents(id)).toEqual([]);

    const retried = await download(`/api/contracts/${id}/document`);

    expect(retried.response.status).toBe(200);
    expect(retried.pdf.equals(earlier)).toBe(true);
    expect(await documents(id)).toEqual([
      expect.objectContaining({ kind: 'signed_original', sha256: sha256(earlier), size: earlier.length }),
    ]);
  });

  it('answers 500 and logs an error, never the bytes, when a stored byte was changed', async () => {
    const { id } = await contract({ signed: true });
    await download(`/api/contracts/${id}/document`);
    const [original] = await documents(id);
    const file = storedFile(id);
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0x01;
    chmodSync(file, 0o600);
    writeFileSync(file, bytes);
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      lines.push(String(chunk));
      return write(chunk, ...(rest as []));
    });

    const viaDocument = await download(`/api/contracts/${id}/document`);
    const viaId = await api.request('GET', `/api/contracts/${id}/documents/${original?.id}`);

    for (const { status, contentType } of [
      { status: viaDocument.response.status, contentType: viaDocument.response.headers.get('content-type') },
      { status: viaId.status, contentType: viaId.headers.get('content-type') },
    ]) {
      expect(status).toBe(500);
      expect(contentType).toContain('application/problem+json');
    }
    const errors = lines.filter((line) => line.includes('"level":"ERROR"') && line.includes('DocumentIntegrityError'));
    expect(errors).toHaveLength(2);
  });
});

describe('npm run originals, the local store asked directly', () => {
  const originals = (...args: string[]) => {
    try {
      const stdout = execFileSync(process.execPath, ['--import', 'tsx', 'infra/local/originals.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
      });
      return { status: 0, stdout };
    } catch (error) {
      const failed = error as { status: number; stdout: string };
      return { status: failed.status, stdout: failed.stdout };
    }
  };

  it('finds the original intact and refuses to overwrite or delete it', async () => {
    const { id } = await contract({ signed: true });
    const { pdf } = await download(`/api/contracts/${id}/document`);
    const key = documentKey(id, 'signed_original');

    const check = originals('check', key);
    const overwrite = originals('put', key, saved(Buffer.concat([pdf, Buffer.from('%% changed\n')])));
    const removal = originals('delete', key);

    expect(check).toEqual({ status: 0, stdout: expect.stringContaining(`intact, sha256 ${sha256(pdf)}`) });
    expect(overwrite).toEqual({ status: 1, stdout: expect.stringContaining('refused, never overwritten') });
    expect(removal).toEqual({ status: 1, stdout: expect.stringContaining('is retained until') });
    expect(readFileSync(storedFile(id)).equals(pdf)).toBe(true);
  });
});

describe('a pending contract', () => {
  it('gets a draft on each request and nothing stored', async () => {
    const { id } = await contract({ signed: false });

    const first = await download(`/api/contracts/${id}/document`);
    const second = await download(`/api/contracts/${id}/document`);

    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    expect(first.response.headers.get('etag')).toBeNull();
    expect(execFileSync('pdftotext', [saved(second.pdf), '-'], { encoding: 'utf8' })).toContain('Entwurf');
    expect(await documents(id)).toEqual([]);
    expect(existsSync(storedFile(id))).toBe(false);
  });
});

describe('the documents routes', () => {
  it('answer 404 for an unknown contract and for an unknown document', async () => {
    const { id } = await contract({ signed: true });

    const unknownContract = await api.request('GET', '/api/contracts/01JD0000000000000000000000/documents');
    const unknownDocument = await api.request('GET', `/api/contracts/${id}/documents/01JD0000000000000000000000`);
    const malformed = await api.request('GET', `/api/contracts/${id}/documents/nope`);

    expect(unknownContract.status).toBe(404);
    expect(unknownContract.body.detail).toBe('Kein Vertrag hat diese ID');
    for (const response of [unknownDocument, malformed]) {
      expect(response.status).toBe(404);
      expect(response.body.detail).toBe('Der Vertrag hat kein gespeichertes Dokument mit dieser ID');
    }
  });
});
