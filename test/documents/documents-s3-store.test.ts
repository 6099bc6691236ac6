import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectRetentionCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  PutObjectCommand,
  PutObjectRetentionCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentKey } from '#shared/documents/originals/document-key.ts';
import {
  DocumentIntegrityError,
  DocumentNotStored,
  DocumentWriteConflict,
  RetentionInForce,
  RetentionNotLater,
} from '#shared/documents/originals/errors.ts';
import { s3OriginalsStore } from '#shared/documents/originals/s3-originals-store.ts';
import { newId } from '#shared/http/ids.ts';

// What S3 does with these requests in AWS (Object Lock, conditional writes) cannot be run here: these
// tests check the requests the adapter sends and how it reads S3's answers.

const bucket = 'studio-originals';
const retainUntil = new Date('2034-12-31T23:59:59Z');
const bytes = new TextEncoder().encode('%PDF-1.7\nsigned original\n%%EOF\n');
const digest = createHash('sha256').update(bytes).digest();
const sha256 = digest.toString('hex');

const s3 = mockClient(S3Client);
const clock = { at: new Date('2026-11-25T10:00:00Z') };
const store = s3OriginalsStore({ bucket, client: new S3Client({ region: 'eu-central-1' }), clock: () => clock.at });

const s3Error = (name: string, httpStatusCode: number) =>
  new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode }, message: name });

/** GetObject's answer for `body`: the SDK's stream mixin is all the adapter reads. */
const storedObject = (body: Uint8Array, recordedSha256 = sha256) => ({
  Body: { transformToByteArray: async () => body } as never,
  Metadata: { sha256: recordedSha256 },
  ChecksumSHA256: createHash('sha256').update(body).digest('base64'),
  ObjectLockRetainUntilDate: retainUntil,
});

let key: string;
beforeEach(() => {
  s3.reset();
  key = documentKey(newId(), 'signed_original');
});

describe('the S3 store of signed originals', () => {
  it('writes a new original only if its key is absent, locked in compliance mode until retainUntil', async () => {
    // prepare
    s3.on(PutObjectCommand).resolves({});

    // act
    const put = await store.putIfAbsent(key, bytes, retainUntil);

    // assess
    expect(put).toEqual({
      outcome: 'created',
      document: { key, sha256, size: bytes.byteLength, retainUntil: retainUntil.toISOString() },
    });
    expect(s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input)).toEqual([
      {
        Bucket: bucket,
        Key: key,
        Body: bytes,
        ContentType: 'application/pdf',
        IfNoneMatch: '*',
        ChecksumAlgorithm: 'SHA256',
        ChecksumSHA256: digest.toString('base64'),
        ObjectLockMode: 'COMPLIANCE',
        ObjectLockRetainUntilDate: retainUntil,
        Metadata: { sha256 },
      },
    ]);
  });

  it('keeps the object that exists when S3 answers 412, and tells a retry from a second render', async () => {
    // prepare
    const firstRender = new TextEncoder().encode('%PDF-1.7\nrendered first\n%%EOF\n');
    s3.on(PutObjectCommand).rejects(s3Error('PreconditionFailed', 412));
    s3.on(GetObjectCommand)
      .resolvesOnce(storedObject(bytes))
      .resolvesOnce(storedObject(firstRender, createHash('sha256').update(firstRender).digest('hex')));

    // act
    const retry = await store.putIfAbsent(key, bytes, retainUntil);
    const secondRender = await store.putIfAbsent(key, bytes, retainUntil);

    // assess
    expect(retry).toMatchObject({ outcome: 'identical', document: { sha256 } });
    expect(secondRender).toMatchObject({
      outcome: 'kept-other',
      document: { sha256: createHash('sha256').update(firstRender).digest('hex') },
    });
    expect(s3.commandCalls(GetObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: bucket,
      Key: key,
      ChecksumMode: 'ENABLED',
    });
  });

  it('reports a concurrent write of the same key (409) as a conflict to retry', async () => {
    // prepare
    s3.on(PutObjectCommand).rejects(s3Error('ConditionalRequestConflict', 409));

    // act
    const put = await store.putIfAbsent(key, bytes, retainUntil).catch((caught: unknown) => caught);

    // assess
    expect(put).toBeInstanceOf(DocumentWriteConflict);
  });

  it('answers the stored bytes with their SHA-256 checked against the record, the metadata and S3', async () => {
    // prepare
    s3.on(GetObjectCommand).resolves(storedObject(bytes));

    // act
    const read = await store.get(key, sha256);

    // assess
    expect(read.document).toEqual({ key, sha256, size: bytes.byteLength, retainUntil: retainUntil.toISOString() });
    expect(read.bytes).toEqual(bytes);
  });

  it('raises an integrity error for bytes that are not the ones recorded', async () => {
    // prepare
    const changed = Uint8Array.from(bytes);
    changed[10] = (changed[10] ?? 0) ^ 0x01;
    s3.on(GetObjectCommand).resolves(storedObject(changed));

    // act
    const read = await store.get(key).catch((caught: unknown) => caught);

    // assess
    expect(read).toBeInstanceOf(DocumentIntegrityError);
    expect(read).toMatchObject({ problem: 'sha256-mismatch', expectedSha256: sha256 });
  });

  it('reports a missing object as not stored', async () => {
    // prepare
    s3.on(GetObjectCommand).rejects(s3Error('NoSuchKey', 404));

    // act
    const read = await store.get(key).catch((caught: unknown) => caught);

    // assess
    expect(read).toBeInstanceOf(DocumentNotStored);
  });

  it('extends the retention with PutObjectRetention in compliance mode, and refuses to shorten it', async () => {
    // prepare
    const later = new Date('2037-12-31T23:59:59Z');
    s3.on(GetObjectRetentionCommand).resolves({ Retention: { Mode: 'COMPLIANCE', RetainUntilDate: retainUntil } });
    s3.on(PutObjectRetentionCommand).resolves({});
    s3.on(HeadObjectCommand).resolves({ Metadata: { sha256 }, ContentLength: bytes.byteLength });

    // act
    const extended = await store.extendRetention(key, later);
    const shortened = await store
      .extendRetention(key, new Date('2030-01-01T00:00:00Z'))
      .catch((caught: unknown) => caught);

    // assess
    expect(extended).toEqual({ key, sha256, size: bytes.byteLength, retainUntil: later.toISOString() });
    expect(shortened).toBeInstanceOf(RetentionNotLater);
    expect(s3.commandCalls(PutObjectRetentionCommand).map((call) => call.args[0].input)).toEqual([
      { Bucket: bucket, Key: key, Retention: { Mode: 'COMPLIANCE', RetainUntilDate: later } },
    ]);
  });

  it('deletes a version only after its retention, naming the version', async () => {
    // prepare
    s3.on(GetObjectRetentionCommand).resolves({ Retention: { Mode: 'COMPLIANCE', RetainUntilDate: retainUntil } });
    s3.on(DeleteObjectCommand).resolves({});
    const version = { key, versionId: 'v1' };

    // act
    clock.at = new Date(retainUntil.getTime() - 1);
    const early = await store.deleteVersion(version).catch((caught: unknown) => caught);
    clock.at = retainUntil;
    await store.deleteVersion(version);

    // assess
    expect(early).toBeInstanceOf(RetentionInForce);
    expect(s3.commandCalls(GetObjectRetentionCommand)[0]?.args[0].input).toEqual({
      Bucket: bucket,
      Key: key,
      VersionId: 'v1',
    });
    expect(s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input)).toEqual([
      { Bucket: bucket, Key: key, VersionId: 'v1' },
    ]);
  });

  it('lists every version under a prefix across pages', async () => {
    // prepare
    const prefix = key.slice(0, key.lastIndexOf('/') + 1);
    s3.on(ListObjectVersionsCommand)
      .resolvesOnce({
        Versions: [{ Key: key, VersionId: 'v1', Size: 10 }],
        IsTruncated: true,
        NextKeyMarker: key,
        NextVersionIdMarker: 'v1',
      })
      .resolvesOnce({ Versions: [{ Key: `${prefix}mandate.pdf`, VersionId: 'v2', Size: 20 }], IsTruncated: false });

    // act
    const versions = await store.listVersions(prefix);

    // assess
    expect(versions).toEqual([
      { key, versionId: 'v1', size: 10 },
      { key: `${prefix}mandate.pdf`, versionId: 'v2', size: 20 },
    ]);
    expect(s3.commandCalls(ListObjectVersionsCommand)[1]?.args[0].input).toEqual({
      Bucket: bucket,
      Prefix: prefix,
      KeyMarker: key,
      VersionIdMarker: 'v1',
    });
  });
});
