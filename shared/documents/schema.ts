import * as v from 'valibot';
import { recordId, timestamp } from '../schema/record.ts';
import { documentKinds } from './originals/document-key.ts';

/**
 * A document of a contract as it is stored (docs/documents.md): its fields are what the store of originals
 * answered when the bytes were written, never what the attempt that recorded it rendered.
 */
export const StoredDocumentRecord = v.object({
  id: recordId(),
  kind: v.picklist(documentKinds),
  /** Lower-case hex SHA-256 of the stored bytes: every read is checked against it. */
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Kept unaltered at least until then (§ 147 AO, § 257 HGB). */
  retainUntil: timestamp(),
  createdAt: timestamp(),
  /**
   * The SEPA mandate whose signature this document shows (docs/documents.md, "A mandate signed later"): for
   * the signed original the mandate it includes signed, null when it includes none signed; for a `mandate`
   * document its mandate. Every mandate's signature is in exactly one of a contract's documents. Null for a
   * `reminder` and an `amendment`, which show no mandate's signature.
   */
  mandateReference: v.nullable(v.string()),
  /** For a `reminder` document the reminder's number (1 for the contract's first); null for every other kind. */
  reminderNumber: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** For an `amendment` document the amendment's number (`2026-000001-A1`); null for every other kind. */
  amendmentNumber: v.nullable(v.string()),
});
export type StoredDocumentRecord = v.InferOutput<typeof StoredDocumentRecord>;

/** `GET /api/contracts/{id}/documents`: every stored document of the contract, oldest first. */
export const StoredDocumentList = v.object({ items: v.array(StoredDocumentRecord) });
