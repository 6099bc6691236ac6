import { storedDocumentFromItem, storedDocumentItem } from '#shared/documents/entity.ts';
import { StoredDocumentRecord } from '#shared/documents/schema.ts';
import type { RecordMappingCase } from '../support/record-mapping-case.ts';

const contractId = '01JD0000000000000000000000';

export const recordMappings: readonly RecordMappingCase[] = [
  {
    name: 'StoredDocument',
    mappedAs: ['StoredDocumentRecord'],
    schema: StoredDocumentRecord,
    // The kind is part of the item's key, so the case pins it to a real one.
    toItem: (record) => storedDocumentItem(contractId, { ...record, kind: 'signed_original' } as never),
    fromItem: storedDocumentFromItem,
    pinned: { kind: 'signed_original' },
  },
];
