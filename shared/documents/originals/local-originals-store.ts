import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { now } from '#shared/clock.ts';
import { sha256Hex } from '#shared/hashing.ts';
import { assertDocumentKey } from './document-key.ts';
import {
  createExclusively,
  ensureDirectory,
  isTemporaryFile,
  removeDurably,
  replaceAtomically,
} from './durable-files.ts';
import { DocumentIntegrityError, DocumentNotStored, RetentionInForce, RetentionNotLater } from './errors.ts';
import type { DocumentVersion, OriginalsStore, PutOutcome, StoredBytes, StoredDocument } from './originals-store.ts';

/*
 * The local stand-in for the Object Lock bucket, with its promises enforced here: `<folder>/<key>` holds the
 * bytes exactly as stored, `<folder>/<key>.retention.json` beside it their SHA-256, size and retainUntil.
 * The retention file is written after the bytes, so it is the commit point: bytes without it are a put
 * that crashed half way, which reads as "not stored" and which the next put of the key completes.
 */

const retentionSuffix = '.retention.json';

interface RetentionFile {
  sha256: string;
  size: number;
  createdAt: string;
  retainUntil: string;
}

const isRetentionFile = (value: unknown): value is RetentionFile => {
  const file = value as Partial<RetentionFile> | null;
  return (
    typeof file?.sha256 === 'string' &&
    typeof file.size === 'number' &&
    typeof file.createdAt === 'string' &&
    typeof file.retainUntil === 'string' &&
    !Number.isNaN(Date.parse(file.retainUntil))
  );
};

const absent = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

export interface LocalOriginalsStoreOptions {
  /** Usually `<DATA_DIR>/documents`. */
  folder: string;
  /** Decides when a retention has passed; the contract clock (`STUDIO_CLOCK`) unless a test gives its own. */
  clock?: () => Date;
}

export const localOriginalsStore = ({ folder, clock = now }: LocalOriginalsStoreOptions): OriginalsStore => {
  const pathOf = (key: string): string => {
    assertDocumentKey(key);
    return join(folder, ...key.split('/'));
  };

  const readRetention = async (key: string): Promise<RetentionFile | undefined> => {
    let text: string;
    try {
      text = await readFile(`${pathOf(key)}${retentionSuffix}`, 'utf8');
    } catch (error) {
      if (absent(error)) return undefined;
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new DocumentIntegrityError(key, 'unreadable-metadata');
    }
    if (!isRetentionFile(parsed)) throw new DocumentIntegrityError(key, 'unreadable-metadata');
    return parsed;
  };

  const describe = (key: string, retention: RetentionFile): StoredDocument => ({
    key,
    sha256: retention.sha256,
    size: retention.size,
    retainUntil: retention.retainUntil,
  });

  const get = async (key: string, expectedSha256?: string): Promise<StoredBytes> => {
    // Both files at once: a download waits for one disk round trip, not two.
    const [retention, bytes] = await Promise.all([
      readRetention(key),
      readFile(pathOf(key)).catch((error: unknown) => {
        if (absent(error)) return undefined;
        throw error;
      }),
    ]);
    if (!retention) throw new DocumentNotStored(key);
    if (!bytes) throw new DocumentIntegrityError(key, 'missing-bytes', retention.sha256);
    const actual = sha256Hex(bytes);
    for (const expected of [retention.sha256, expectedSha256]) {
      if (expected !== undefined && expected !== actual) {
        throw new DocumentIntegrityError(key, 'sha256-mismatch', expected, actual);
      }
    }
    return { document: describe(key, retention), bytes };
  };

  const putIfAbsent = async (key: string, bytes: Uint8Array, retainUntil: Date): Promise<PutOutcome> => {
    const path = pathOf(key);
    await ensureDirectory(dirname(path));
    const sha256 = sha256Hex(bytes);
    const created = await createExclusively(path, bytes);
    // Also after a crash between the bytes and their retention file: the bytes on disk (complete, since
    // their name appeared only after fsync) are the document, and this put completes their record.
    if (!(await readRetention(key))) {
      const onDisk = created ? bytes : await readFile(path);
      const retention: RetentionFile = {
        sha256: created ? sha256 : sha256Hex(onDisk),
        size: onDisk.byteLength,
        createdAt: clock().toISOString(),
        retainUntil: retainUntil.toISOString(),
      };
      await createExclusively(`${path}${retentionSuffix}`, JSON.stringify(retention));
    }
    const stored = await get(key);
    if (created) return { outcome: 'created', document: stored.document };
    return { outcome: stored.document.sha256 === sha256 ? 'identical' : 'kept-other', document: stored.document };
  };

  const extendRetention = async (key: string, retainUntil: Date): Promise<StoredDocument> => {
    const retention = await readRetention(key);
    if (!retention) throw new DocumentNotStored(key);
    const requested = retainUntil.toISOString();
    const current = Date.parse(retention.retainUntil);
    if (retainUntil.getTime() < current) throw new RetentionNotLater(key, retention.retainUntil, requested);
    if (retainUntil.getTime() === current) return describe(key, retention);
    const extended = { ...retention, retainUntil: requested };
    await replaceAtomically(`${pathOf(key)}${retentionSuffix}`, JSON.stringify(extended));
    return describe(key, extended);
  };

  const deleteVersion = async ({ key, versionId }: Pick<DocumentVersion, 'key' | 'versionId'>): Promise<void> => {
    const retention = await readRetention(key);
    if (!retention || retention.sha256 !== versionId) throw new DocumentNotStored(key);
    if (clock().getTime() < Date.parse(retention.retainUntil)) throw new RetentionInForce(key, retention.retainUntil);
    // The bytes go first: a crash in between leaves a record of bytes that are gone, never bytes
    // without a record that a later put would adopt as the document.
    await removeDurably(pathOf(key));
    await removeDurably(`${pathOf(key)}${retentionSuffix}`);
  };

  const listVersions = async (prefix: string): Promise<DocumentVersion[]> => {
    const root = join(folder, ...prefix.split('/').filter(Boolean));
    if (relative(folder, root).startsWith('..')) throw new Error(`Not a document prefix: ${prefix}`);
    let names: string[];
    try {
      names = await readdir(root, { recursive: true });
    } catch (error) {
      if (absent(error)) return [];
      throw error;
    }
    const versions: DocumentVersion[] = [];
    for (const name of names.sort()) {
      const fileName = name.slice(name.lastIndexOf(sep) + 1);
      if (!name.endsWith(retentionSuffix) || isTemporaryFile(fileName)) continue;
      const key = relative(folder, join(root, name.slice(0, -retentionSuffix.length)))
        .split(sep)
        .join('/');
      const retention = await readRetention(key);
      if (retention) versions.push({ key, versionId: retention.sha256, size: retention.size });
    }
    return versions;
  };

  return { putIfAbsent, get, extendRetention, deleteVersion, listVersions };
};
