import { slotOf } from './entity.ts';
import { storedDocumentFileName } from './file-names.ts';
import { configuredOriginalsStore } from './originals/configured-originals-store.ts';
import { documentKey } from './originals/document-key.ts';
import type { StoredDocumentRecord } from './schema.ts';
import { getStoredDocumentById } from './store.ts';

/*
 * Reading a stored document, apart from rendering one (signed-original.ts): the read routes' bundles carry
 * no PDF library.
 */

export interface DownloadedDocument {
  fileName: string;
  pdf: Uint8Array;
  /** Set for a stored document: the bytes are exactly those. */
  sha256?: string;
}

/** The stored bytes of a recorded document, checked against the record's SHA-256 on the way out. */
export const storedDocumentBytes = async (contractId: string, record: StoredDocumentRecord): Promise<Uint8Array> =>
  (await configuredOriginalsStore().get(documentKey(contractId, record.kind, slotOf(record)), record.sha256)).bytes;

/** `GET …/documents/{documentId}`: the bytes as stored. */
export const storedDocumentDownload = async (contractId: string, documentId: string): Promise<DownloadedDocument> => {
  const { contractNumber, document } = await getStoredDocumentById(contractId, documentId);
  const pdf = await storedDocumentBytes(contractId, document);
  return {
    fileName: storedDocumentFileName(document.kind, contractNumber, slotOf(document)),
    pdf,
    sha256: document.sha256,
  };
};
