import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  GetObjectRetentionCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  PutObjectCommand,
  PutObjectRetentionCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { now } from '#shared/clock.ts';
import { sha256Hex } from '#shared/hashing.ts';
import { assertDocumentKey } from './document-key.ts';
import {
  DocumentIntegrityError,
  DocumentNotStored,
  DocumentWriteConflict,
  RetentionInForce,
  RetentionNotLater,
} from './errors.ts';
import type { DocumentVersion, OriginalsStore, PutOutcome, StoredBytes, StoredDocument } from './originals-store.ts';

/*
 * The originals in the stack's Object Lock bucket (infra/documents-bucket.ts). S3 enforces the promises
 * itself: `If-None-Match: *` refuses a second write of a key, compliance mode refuses any delete or
 * shortening before the version's retain-until date, even to the account root. This adapter adds the
 * SHA-256 check on read and typed errors. Its behaviour in AWS cannot be run here: the tests check the
 * requests it makes (docs/documents.md).
 */

// Bounded like the other clients: a hanging S3 call must fail within the function timeout.
const boundedClient = () =>
  new S3Client({
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 5_000, throwOnRequestTimeout: true },
  });

const hasStatus = (error: unknown, status: number): boolean =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === status;

const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException && ['NoSuchKey', 'NoSuchVersion', 'NotFound'].includes(error.name);

/** The hex SHA-256 the adapter writes as user metadata, beside S3's own base64 checksum. */
const sha256Metadata = 'sha256';

export interface S3OriginalsStoreOptions {
  bucket: string;
  client?: S3Client;
  clock?: () => Date;
}

export const s3OriginalsStore = ({ bucket, client = boundedClient(), clock = now }: S3OriginalsStoreOptions) => {
  const get = async (key: string, expectedSha256?: string): Promise<StoredBytes> => {
    assertDocumentKey(key);
    let answer: GetObjectCommandOutput;
    try {
      answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, ChecksumMode: 'ENABLED' }));
    } catch (error) {
      if (isMissing(error)) throw new DocumentNotStored(key);
      throw error;
    }
    if (!answer.Body) throw new DocumentIntegrityError(key, 'missing-bytes');
    const bytes = await answer.Body.transformToByteArray();
    const actual = sha256Hex(bytes);
    const recorded = answer.Metadata?.[sha256Metadata];
    if (!recorded) throw new DocumentIntegrityError(key, 'unreadable-metadata', undefined, actual);
    const checksum = answer.ChecksumSHA256;
    const s3Sha256 = checksum ? Buffer.from(checksum, 'base64').toString('hex') : undefined;
    for (const expected of [recorded, s3Sha256, expectedSha256]) {
      if (expected !== undefined && expected !== actual) {
        throw new DocumentIntegrityError(key, 'sha256-mismatch', expected, actual);
      }
    }
    const document: StoredDocument = { key, sha256: actual, size: bytes.byteLength };
    if (answer.ObjectLockRetainUntilDate) document.retainUntil = answer.ObjectLockRetainUntilDate.toISOString();
    return { document, bytes };
  };

  const putIfAbsent = async (key: string, bytes: Uint8Array, retainUntil: Date): Promise<PutOutcome> => {
    assertDocumentKey(key);
    const sha256 = sha256Hex(bytes);
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: 'application/pdf',
          IfNoneMatch: '*',
          ChecksumAlgorithm: 'SHA256',
          ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
          ObjectLockMode: 'COMPLIANCE',
          ObjectLockRetainUntilDate: retainUntil,
          Metadata: { [sha256Metadata]: sha256 },
        }),
      );
    } catch (error) {
      // 412: the key exists, so the first write stays; read it back to tell a retry from a second render.
      if (hasStatus(error, 412)) {
        const { document } = await get(key);
        return { outcome: document.sha256 === sha256 ? 'identical' : 'kept-other', document };
      }
      if (hasStatus(error, 409)) throw new DocumentWriteConflict(key, { cause: error });
      throw error;
    }
    return {
      outcome: 'created',
      document: { key, sha256, size: bytes.byteLength, retainUntil: retainUntil.toISOString() },
    };
  };

  const retentionOf = async (key: string, versionId?: string): Promise<Date | undefined> => {
    try {
      const { Retention } = await client.send(
        new GetObjectRetentionCommand({ Bucket: bucket, Key: key, ...(versionId ? { VersionId: versionId } : {}) }),
      );
      return Retention?.RetainUntilDate;
    } catch (error) {
      if (isMissing(error)) throw new DocumentNotStored(key);
      throw error;
    }
  };

  const describe = async (key: string, retainUntil: Date): Promise<StoredDocument> => {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    const sha256 = head.Metadata?.[sha256Metadata];
    if (!sha256) throw new DocumentIntegrityError(key, 'unreadable-metadata');
    return { key, sha256, size: head.ContentLength ?? 0, retainUntil: retainUntil.toISOString() };
  };

  const extendRetention = async (key: string, retainUntil: Date): Promise<StoredDocument> => {
    assertDocumentKey(key);
    const current = await retentionOf(key);
    if (current && retainUntil.getTime() < current.getTime()) {
      throw new RetentionNotLater(key, current.toISOString(), retainUntil.toISOString());
    }
    if (current?.getTime() !== retainUntil.getTime()) {
      await client.send(
        new PutObjectRetentionCommand({
          Bucket: bucket,
          Key: key,
          Retention: { Mode: 'COMPLIANCE', RetainUntilDate: retainUntil },
        }),
      );
    }
    return describe(key, retainUntil);
  };

  const deleteVersion = async ({ key, versionId }: Pick<DocumentVersion, 'key' | 'versionId'>): Promise<void> => {
    assertDocumentKey(key);
    // S3 refuses it too (compliance mode); asking first gives the caller the typed reason, not AccessDenied.
    const retainUntil = await retentionOf(key, versionId);
    if (retainUntil && clock().getTime() < retainUntil.getTime()) {
      throw new RetentionInForce(key, retainUntil.toISOString());
    }
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key, VersionId: versionId }));
  };

  const listVersions = async (prefix: string): Promise<DocumentVersion[]> => {
    const versions: DocumentVersion[] = [];
    let markers: { KeyMarker?: string; VersionIdMarker?: string } = {};
    for (;;) {
      const page = await client.send(new ListObjectVersionsCommand({ Bucket: bucket, Prefix: prefix, ...markers }));
      for (const version of page.Versions ?? []) {
        if (version.Key && version.VersionId) {
          versions.push({ key: version.Key, versionId: version.VersionId, size: version.Size ?? 0 });
        }
      }
      if (!page.IsTruncated) return versions;
      markers = { KeyMarker: page.NextKeyMarker, VersionIdMarker: page.NextVersionIdMarker };
    }
  };

  return { putIfAbsent, get, extendRetention, deleteVersion, listVersions } satisfies OriginalsStore;
};
