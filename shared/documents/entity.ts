import { contractPartition } from '../contracts/entity.ts';
import { recordMapping } from '../db/record-mapping.ts';
import { type DocumentKind, type DocumentSlotId, documentSlot } from './originals/document-key.ts';
import { StoredDocumentRecord } from './schema.ts';

/**
 * Where the documents' own items live in the table: the sealing key's
 * certificate, one item per key id, issued once and shared by every function
 * that seals a PDF.
 */
export const sealCertificateKey = (keyId: string) => ({ pk: `SEAL_CERTIFICATE#${keyId}`, sk: 'CERTIFICATE' });

export const sealCertificateItem = (keyId: string, der: Uint8Array) => ({
  ...sealCertificateKey(keyId),
  entity: 'sealCertificate',
  keyId,
  der,
});

/**
 * A contract's stored documents live in the contract's partition, one item per kind (per mandate for a
 * `mandate` document, `DOCUMENT#mandate-2`): the conditional put on that key is what lets exactly one record
 * exist per document. Their sort keys do not start with `CONTRACT`, so the contract's own Query never reads them.
 */
export const storedDocumentSortPrefix = 'DOCUMENT#';
export const storedDocumentKey = (contractId: string, kind: DocumentKind, slot: DocumentSlotId = null) => ({
  pk: contractPartition(contractId),
  sk: `${storedDocumentSortPrefix}${documentSlot(kind, slot)}`,
});

/** The record's place among the documents of its kind: its mandate's reference, or its reminder's number. */
export const slotOf = (
  record: Pick<StoredDocumentRecord, 'kind' | 'mandateReference' | 'reminderNumber' | 'amendmentNumber'>,
) => {
  if (record.kind === 'reminder') return record.reminderNumber;
  return record.kind === 'amendment' ? record.amendmentNumber : record.mandateReference;
};

const storedDocumentMapping = recordMapping(StoredDocumentRecord);

/**
 * A record as stored. A reminder's document stored before `reminderNumber` existed carried its number in
 * `mandateReference`, as `<contract number>-<n>`: it reads as the reminder's number, with no mandate.
 */
export const storedDocumentFromItem = (item: Record<string, unknown>): StoredDocumentRecord => {
  const record = storedDocumentMapping.fromItem(item);
  const { kind, mandateReference, reminderNumber } = record;
  if (kind !== 'reminder' || reminderNumber !== null || mandateReference === null) return record;
  const number = Number(mandateReference.slice(mandateReference.lastIndexOf('-') + 1));
  return { ...record, mandateReference: null, reminderNumber: number };
};

export const storedDocumentItem = (contractId: string, document: StoredDocumentRecord) => ({
  ...storedDocumentKey(contractId, document.kind, slotOf(document)),
  entity: 'storedDocument',
  ...storedDocumentMapping.toItem(document),
});
