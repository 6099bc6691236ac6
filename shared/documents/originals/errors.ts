/**
 * What the store of originals reports, as typed values. Nothing here knows HTTP: the edge maps
 * `DocumentIntegrityError` to a 500 with an error log line (an alarm), and `DocumentNotStored` to a 404.
 * None of them carries a document's bytes.
 */

/** The stored bytes are not the ones written: a changed byte, a missing file, a checksum S3 does not confirm. */
export class DocumentIntegrityError extends Error {
  constructor(
    readonly key: string,
    readonly problem: 'sha256-mismatch' | 'missing-bytes' | 'unreadable-metadata',
    readonly expectedSha256?: string,
    readonly actualSha256?: string,
  ) {
    super(`The stored document ${key} failed its integrity check (${problem})`);
    this.name = 'DocumentIntegrityError';
  }
}

export class DocumentNotStored extends Error {
  constructor(readonly key: string) {
    super(`No document is stored under ${key}`);
    this.name = 'DocumentNotStored';
  }
}

/** A delete before the version's `retainUntil` (§ 147 AO, § 257 HGB). */
export class RetentionInForce extends Error {
  constructor(
    readonly key: string,
    readonly retainUntil: string,
  ) {
    super(`${key} is retained until ${retainUntil}`);
    this.name = 'RetentionInForce';
  }
}

/** Retention can only be extended, as in S3's compliance mode. */
export class RetentionNotLater extends Error {
  constructor(
    readonly key: string,
    readonly retainUntil: string,
    readonly requested: string,
  ) {
    super(`${key} is retained until ${retainUntil}; ${requested} would shorten that`);
    this.name = 'RetentionNotLater';
  }
}

/** Another write of the same key was in flight (S3's 409 ConditionalRequestConflict): retry. */
export class DocumentWriteConflict extends Error {
  constructor(
    readonly key: string,
    options?: { cause?: unknown },
  ) {
    super(`Another write of ${key} was in flight`, options);
    this.name = 'DocumentWriteConflict';
  }
}
