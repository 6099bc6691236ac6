import { declarationFromItem, declarationItem } from '#shared/declarations/entity.ts';
import { StoredDeclarationRecord } from '#shared/declarations/schema.ts';
import type { RecordMappingCase } from '../support/record-mapping-case.ts';

export const recordMappings: readonly RecordMappingCase[] = [
  {
    name: 'StoredDeclaration',
    mappedAs: ['StoredDeclarationRecord'],
    schema: StoredDeclarationRecord,
    toItem: (record) => declarationItem(record as never),
    fromItem: declarationFromItem,
    // Staff see `Declaration`, the customer the receipt: the stored record's matcher fields are never answered.
    storedOnly: true,
  },
];
