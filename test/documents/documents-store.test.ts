import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentKey } from '#shared/documents/originals/document-key.ts';
import {
  DocumentIntegrityError,
  DocumentNotStored,
  RetentionInForce,
  RetentionNotLater,
} from '#shared/documents/originals/errors.ts';
import { localOriginalsStore } from '#shared/documents/originals/local-originals-store.ts';
import { sha256Hex } from '#shared/hashing.ts';
import { newId } from '#shared/http/ids.ts';

const signedAt = new Date('2026-11-25T10:00:00Z');
// The end of the eighth calendar year after the signing year (§ 147 Abs. 3 AO).
const retainUntil = new Date('2034-12-31T23:59:59Z');

const pdf = (text: string): Uint8Array => new TextEncoder().encode(`%PDF-1.7\n${text}\n%%EOF\n`);

/** A store in a folder of its own, with a clock the test moves. */
const newStore = () => {
  const folder = mkdtempSync(join(tmpdir(), 'studio-api-originals-'));
  const clock = { at: signedAt };
  const store = localOriginalsStore({ folder, clock: () => clock.at });
  const key = documentKey(newId(), 'signed_original');
  return { folder, clock, store, key, path: join(folder, ...key.split('/')) };
};

describe('the local store of signed originals', () => {
  it('stores a document once and answers its bytes, with their SHA-256, in a read-only file of the same name', async () => {
    // prepare
    const { store, key, path } = newStore();
    const bytes = pdf('signed original');

    // act
    const put = await store.putIfAbsent(key, bytes, retainUntil);
    const read = await store.get(key, sha256Hex(bytes));

    // assess
    expect(put).toEqual({
      outcome: 'created',
      document: { key, sha256: sha256Hex(bytes), size: bytes.byteLength, retainUntil: retainUntil.toISOString() },
    });
    expect(Buffer.from(read.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(readFileSync(path).equals(Buffer.from(bytes))).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o444);
    expect(key).toMatch(/^contracts\/[0-9A-Z]{26}\/signed_original\.pdf$/);
  });

  it('refuses an overwrite: a second render of the same original leaves the first one stored', async () => {
    // prepare
    const { store, key, path } = newStore();
    const first = pdf('rendered at 10:00:00');
    await store.putIfAbsent(key, first, retainUntil);

    // act
    const again = await store.putIfAbsent(key, first, retainUntil);
    const other = await store.putIfAbsent(key, pdf('rendered at 10:00:01'), retainUntil);

    // assess
    expect(again.outcome).toBe('identical');
    expect(other).toEqual({ outcome: 'kept-other', document: again.document });
    expect(other.document.sha256).toBe(sha256Hex(first));
    expect(readFileSync(path).equals(Buffer.from(first))).toBe(true);
  });

  it('refuses a delete before retainUntil and allows it after', async () => {
    // prepare
    const { store, key, path, clock } = newStore();
    const bytes = pdf('kept for eight years');
    const { document } = await store.putIfAbsent(key, bytes, retainUntil);
    const version = { key, versionId: document.sha256 };

    // act
    clock.at = new Date(retainUntil.getTime() - 1000);
    const early = store.deleteVersion(version);

    // assess
    await expect(early).rejects.toBeInstanceOf(RetentionInForce);
    expect(readFileSync(path).equals(Buffer.from(bytes))).toBe(true);

    // act
    clock.at = retainUntil;
    await store.deleteVersion(version);

    // assess
    await expect(store.get(key)).rejects.toBeInstanceOf(DocumentNotStored);
    expect(await store.listVersions(`${dirname(key)}/`)).toEqual([]);
  });

  it('extends retainUntil when the contract ends, keeps it across restarts, and refuses to shorten it', async () => {
    // prepare
    const { folder, store, key, clock } = newStore();
    const { document } = await store.putIfAbsent(key, pdf('terminated later'), retainUntil);
    const eightYearsAfterTheEnd = new Date('2037-12-31T23:59:59Z');

    // act
    const extended = await store.extendRetention(key, eightYearsAfterTheEnd);
    const shortened = await store.extendRetention(key, retainUntil).catch((caught: unknown) => caught);
    const afterRestart = localOriginalsStore({ folder, clock: () => clock.at });
    clock.at = new Date('2035-06-01T00:00:00Z');

    // assess
    expect(extended.retainUntil).toBe(eightYearsAfterTheEnd.toISOString());
    expect(shortened).toBeInstanceOf(RetentionNotLater);
    expect((await afterRestart.get(key)).document.retainUntil).toBe(eightYearsAfterTheEnd.toISOString());
    await expect(afterRestart.deleteVersion({ key, versionId: document.sha256 })).rejects.toBeInstanceOf(
      RetentionInForce,
    );
  });

  it('raises an integrity error, without the bytes, when a byte on disk was changed', async () => {
    // prepare
    const { store, key, path } = newStore();
    const bytes = pdf('the studio signed this');
    await store.putIfAbsent(key, bytes, retainUntil);
    const tampered = Buffer.from(bytes);
    tampered[12] = (tampered[12] ?? 0) ^ 0x01;
    writeFileSync(path, tampered);

    // act
    const error = await store.get(key).catch((caught: unknown) => caught);

    // assess
    expect(error).toBeInstanceOf(DocumentIntegrityError);
    expect(error).toMatchObject({
      key,
      problem: 'sha256-mismatch',
      expectedSha256: sha256Hex(bytes),
      actualSha256: sha256Hex(tampered),
    });
    expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toContain('studio');
  });

  it('raises an integrity error when the record names other bytes than the ones stored', async () => {
    // prepare
    const { store, key } = newStore();
    await store.putIfAbsent(key, pdf('stored'), retainUntil);

    // act
    const read = store.get(key, sha256Hex(pdf('recorded')));

    // assess
    await expect(read).rejects.toBeInstanceOf(DocumentIntegrityError);
  });

  it('ignores a temporary file a crash left behind, and lists only whole documents', async () => {
    // prepare
    const { store, key, path } = newStore();
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(join(dirname(path), '.tmp-0123456789abcdef-signed_original.pdf'), '%PDF-1.7\n%half a fi');

    // act
    const before = await store.get(key).catch((caught: unknown) => caught);
    const put = await store.putIfAbsent(key, pdf('whole'), retainUntil);

    // assess
    expect(before).toBeInstanceOf(DocumentNotStored);
    expect(put.outcome).toBe('created');
    expect(await store.listVersions(`${dirname(key)}/`)).toEqual([
      { key, versionId: put.document.sha256, size: put.document.size },
    ]);
  });

  it('completes a put that crashed between the bytes and their retention file, keeping those bytes', async () => {
    // prepare
    const { store, key, path } = newStore();
    const crashed = pdf('rendered before the crash');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, crashed);

    // act
    const before = await store.get(key).catch((caught: unknown) => caught);
    const retry = await store.putIfAbsent(key, pdf('rendered by the retry'), retainUntil);

    // assess
    expect(before).toBeInstanceOf(DocumentNotStored);
    expect(retry).toMatchObject({ outcome: 'kept-other', document: { sha256: sha256Hex(crashed) } });
    expect(Buffer.from((await store.get(key)).bytes).equals(Buffer.from(crashed))).toBe(true);
  });

  it('leaves no temporary files after its writes', async () => {
    // prepare
    const { store, key, path } = newStore();

    // act
    await store.putIfAbsent(key, pdf('one'), retainUntil);
    await store.putIfAbsent(key, pdf('two'), retainUntil);
    await store.extendRetention(key, new Date('2040-01-01T00:00:00Z'));

    // assess
    expect(readdirSync(dirname(path)).sort()).toEqual(['signed_original.pdf', 'signed_original.pdf.retention.json']);
  });

  it('takes no key outside a contract folder', async () => {
    // prepare
    const { store } = newStore();

    // act
    const outside = await store
      .putIfAbsent('contracts/../../etc/signed_original.pdf', pdf('x'), retainUntil)
      .catch((caught: unknown) => caught);

    // assess
    expect(outside).toEqual(new Error('Not a document key: contracts/../../etc/signed_original.pdf'));
  });
});
