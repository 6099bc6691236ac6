import { now } from '../clock.ts';
import { signedMandateIn } from '../contracts/document/render-contract-document.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { newId } from '../http/ids.ts';
import { slotOf } from './entity.ts';
import { configuredOriginalsStore } from './originals/configured-originals-store.ts';
import { type DocumentKind, type DocumentSlotId, documentKey } from './originals/document-key.ts';
import { DocumentWriteConflict } from './originals/errors.ts';
import type { PutOutcome } from './originals/originals-store.ts';
import { retainUntilOf } from './retention.ts';
import type { StoredDocumentRecord } from './schema.ts';
import { extendRecordedRetention, getStoredDocument, recordStoredDocument } from './store.ts';

/*
 * How a contract's document is kept (docs/documents.md, "Exactly one original per contract"): rendered once,
 * written under its deterministic key with put-if-absent, then recorded conditionally from what the store
 * answered. The signed original and a mandate signed later take this one path; so does every caller (a
 * download, a copy, the background render, a retry after a crash between the file and its record).
 */

const writeAttempts = 3;

// S3 answers a conditional write that overlaps another one with 409: the other one decides, so ask again.
const putOnce = async (key: string, pdf: Uint8Array, retainUntil: Date): Promise<PutOutcome> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await configuredOriginalsStore().putIfAbsent(key, pdf, retainUntil);
    } catch (error) {
      if (!(error instanceof DocumentWriteConflict) || attempt >= writeAttempts) throw error;
    }
  }
};

/**
 * Keeps a stored document as long as the contract now asks (its end became known): the store first, then
 * the record, each only ever later. A crash in between leaves the store ahead of the record, and the next
 * call (the stream's retry, or any download) completes the record.
 */
export const keptLongEnough = async (
  contract: ContractWithSignatures,
  record: StoredDocumentRecord,
): Promise<StoredDocumentRecord> => {
  const needed = retainUntilOf(contract);
  if (Date.parse(record.retainUntil) >= needed.getTime()) return record;
  const key = documentKey(contract.id, record.kind, slotOf(record));
  await configuredOriginalsStore().extendRetention(key, needed);
  return extendRecordedRetention(contract.id, record, needed.toISOString());
};

/** The document's bytes, and the mandate they show signed (recorded as the record's `mandateReference`). */
export interface RenderedDocument {
  pdf: Uint8Array;
  signedMandate: string | null;
}

/**
 * The contract's document of `kind` (for a `mandate` document, of the mandate `slot`; for a `reminder`, of the
 * reminder numbered `slot`), rendered and stored if this is the first time anyone asks for it, and kept as long as
 * the contract asks by now.
 */
export const ensureStoredDocument = async (
  contract: ContractWithSignatures,
  kind: DocumentKind,
  slot: DocumentSlotId,
  render: () => Promise<RenderedDocument>,
): Promise<StoredDocumentRecord> => {
  const recorded = await getStoredDocument(contract.id, kind, slot);
  if (recorded) return keptLongEnough(contract, recorded);
  const rendered = await render();
  const retainUntil = retainUntilOf(contract);
  const key = documentKey(contract.id, kind, slot);
  const { outcome, document } = await putOnce(key, rendered.pdf, retainUntil);
  // Other bytes won (a render that raced this one, or one that crashed before its record): what they show
  // signed is read from them, never assumed from this render, which may have seen a mandate signed since.
  const signedMandate =
    outcome === 'kept-other'
      ? signedMandateIn((await configuredOriginalsStore().get(key, document.sha256)).bytes)
      : rendered.signedMandate;
  const record = await recordStoredDocument(
    contract.id,
    kind,
    { ...document, retainUntil: document.retainUntil ?? retainUntil.toISOString() },
    {
      id: newId(),
      createdAt: now().toISOString(),
      mandateReference:
        kind === 'mandate' ? String(slot) : kind === 'reminder' || kind === 'amendment' ? null : signedMandate,
      reminderNumber: kind === 'reminder' && typeof slot === 'number' ? slot : null,
      amendmentNumber: kind === 'amendment' && typeof slot === 'string' ? slot : null,
    },
  );
  // Bytes found from an earlier attempt may carry that attempt's shorter date.
  return keptLongEnough(contract, record);
};
