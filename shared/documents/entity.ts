import { contractPartition } from '../contracts/entity.ts';
import { recordMapping } from '../db/record-mapping.ts';
import { type DocumentKind, documentSlot } from './originals/document-key.ts';
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
export const storedDocumentKey = (contractId: string, kind: DocumentKind, mandateReference: string | null = null) => ({
  pk: contractPartition(contractId),
  sk: `${storedDocumentSortPrefix}${documentSlot(kind, mandateReference)}`,
});

const storedDocumentMapping = recordMapping(StoredDocumentRecord);

export const storedDocumentFromItem = storedDocumentMapping.fromItem;

export const storedDocumentItem = (contractId: string, document: StoredDocumentRecord) => ({
  ...storedDocumentKey(contractId, document.kind, document.mandateReference),
  entity: 'storedDocument',
  ...storedDocumentMapping.toItem(document),
});
