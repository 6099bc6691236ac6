/**
 * The store of signed originals (docs/documents.md): each document is written once under a key of its own and
 * kept, byte for byte, at least until its `retainUntil`. The S3 bucket enforces that in AWS (Object Lock,
 * compliance mode); the local store enforces the same promises itself. See docs/documents.md.
 */

/** What the store knows about one stored document. */
export interface StoredDocument {
  key: string;
  /** Lower-case hex SHA-256 of the bytes: the document's identity, its ETag and what every read checks. */
  sha256: string;
  size: number;
  /**
   * RFC 3339; absent when the store does not tell this caller (S3 reports a version's retention only to a
   * role allowed `s3:GetObjectRetention`: the record in the table keeps it anyway).
   */
  retainUntil?: string;
}

/**
 * `created`: these bytes are now the document. `identical`: the same bytes were already stored (a retry).
 * `kept-other`: other bytes were stored first and stay (a second render of the same original, which differs
 * in its signing time); the caller records `document`, the one that exists, not its own.
 */
export type PutOutcome =
  | { outcome: 'created'; document: StoredDocument }
  | { outcome: 'identical'; document: StoredDocument }
  | { outcome: 'kept-other'; document: StoredDocument };

export interface StoredBytes {
  document: StoredDocument;
  bytes: Uint8Array;
}

/** One stored version of a document, for the purge after retention. */
export interface DocumentVersion {
  key: string;
  /** S3's version id; locally the SHA-256 (a key has only one version there). */
  versionId: string;
  size: number;
}

export interface OriginalsStore {
  /** Writes `bytes` under `key` unless something is stored there: never an overwrite. */
  putIfAbsent(key: string, bytes: Uint8Array, retainUntil: Date): Promise<PutOutcome>;
  /**
   * The stored bytes, checked against their SHA-256 (and against `expectedSha256`, the record's, when given).
   * A mismatch raises `DocumentIntegrityError`, never returns the changed bytes; nothing stored raises
   * `DocumentNotStored`.
   */
  get(key: string, expectedSha256?: string): Promise<StoredBytes>;
  /** Moves `retainUntil` later (a contract's end became known); an earlier date raises `RetentionNotLater`. */
  extendRetention(key: string, retainUntil: Date): Promise<StoredDocument>;
  /** Removes one version once its retention has passed; before that raises `RetentionInForce`. */
  deleteVersion(version: Pick<DocumentVersion, 'key' | 'versionId'>): Promise<void>;
  /** Every stored version under `prefix` (e.g. `contracts/<id>/`), for the purge. */
  listVersions(prefix: string): Promise<DocumentVersion[]>;
}
