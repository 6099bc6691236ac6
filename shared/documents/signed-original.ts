import { now } from '../clock.ts';
import { type ContractDocument, renderContractFile } from '../contracts/contract-document.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { getExistingContract } from '../contracts/store.ts';
import { newId } from '../http/ids.ts';
import { storedDocumentFileName } from './file-names.ts';
import { configuredOriginalsStore } from './originals/configured-originals-store.ts';
import { documentKey } from './originals/document-key.ts';
import { DocumentWriteConflict } from './originals/errors.ts';
import type { PutOutcome } from './originals/originals-store.ts';
import { retainUntilOf } from './retention.ts';
import type { StoredDocumentRecord } from './schema.ts';
import { extendRecordedRetention, getStoredDocument, recordStoredDocument } from './store.ts';
import { type DownloadedDocument, storedDocumentBytes } from './stored-document-download.ts';

/*
 * The signed original (docs/documents.md, "Exactly one original per contract"): rendered once, written under
 * its deterministic key with put-if-absent, then recorded conditionally from what the store answered. Every
 * caller (a download, a copy, a retry after a crash between the file and its record) takes the same path.
 */

const kind = 'signed_original';

/** A contract that was signed: its original exists (or is due). A pending or cancelled one has only drafts. */
export const hasSignedOriginal = (contract: Pick<ContractWithSignatures, 'status'>): boolean =>
  contract.status === 'signed' || contract.status === 'terminated';

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
 * Keeps the stored original as long as the contract now asks (its end became known): the store first, then
 * the record, each only ever later. A crash in between leaves the store ahead of the record, and the next
 * call (the stream's retry, or any download) completes the record.
 */
const keptLongEnough = async (
  contract: ContractWithSignatures,
  record: StoredDocumentRecord,
): Promise<StoredDocumentRecord> => {
  const needed = retainUntilOf(contract);
  if (Date.parse(record.retainUntil) >= needed.getTime()) return record;
  await configuredOriginalsStore().extendRetention(documentKey(contract.id, kind), needed);
  return extendRecordedRetention(contract.id, kind, needed.toISOString());
};

/**
 * The signed contract's original, rendered and stored if this is the first time anyone asks for it, and kept
 * as long as the contract asks by now.
 */
export const ensureSignedOriginalOf = async (contract: ContractWithSignatures): Promise<StoredDocumentRecord> => {
  if (!hasSignedOriginal(contract)) throw new Error(`Contract ${contract.id} is ${contract.status}, not signed`);
  const recorded = await getStoredDocument(contract.id, kind);
  if (recorded) return keptLongEnough(contract, recorded);
  const { pdf }: ContractDocument = await renderContractFile(contract);
  const retainUntil = retainUntilOf(contract);
  const { document } = await putOnce(documentKey(contract.id, kind), pdf, retainUntil);
  const record = await recordStoredDocument(
    contract.id,
    kind,
    { ...document, retainUntil: document.retainUntil ?? retainUntil.toISOString() },
    { id: newId(), createdAt: now().toISOString() },
  );
  // Bytes found from an earlier attempt may carry that attempt's shorter date.
  return keptLongEnough(contract, record);
};

export const ensureSignedOriginal = async (contractId: string): Promise<StoredDocumentRecord> =>
  ensureSignedOriginalOf(await getExistingContract(contractId));

/**
 * The background work of `contract.signed` and `contract.terminated` (shared/documents/contract-events.ts):
 * every signature announces `contract.signed`, so one that leaves the contract pending has nothing to store.
 */
export const keepSignedOriginal = async (contractId: string): Promise<void> => {
  const contract = await getExistingContract(contractId);
  if (hasSignedOriginal(contract)) await ensureSignedOriginalOf(contract);
};

/**
 * `GET …/document` and `POST …/copies`: a signed contract's stored original (rendered and stored now if no one asked before),
 * else a draft rendered on request and stored nowhere.
 */
export const contractDocumentDownload = async (
  contractId: string,
): Promise<DownloadedDocument & { contract: ContractWithSignatures }> => {
  const contract = await getExistingContract(contractId);
  if (!hasSignedOriginal(contract)) return renderContractFile(contract);
  const record = await ensureSignedOriginalOf(contract);
  const pdf = await storedDocumentBytes(contract.id, record);
  return { contract, fileName: storedDocumentFileName(record.kind, contract.number), pdf, sha256: record.sha256 };
};
