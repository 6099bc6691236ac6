import { declarationFromItem, declarationItem } from '#shared/declarations/entity.ts';
import { StoredDeclarationRecord } from '#shared/declarations/schema.ts';
import type { RecordMappingCase } from '../support/record-mapping-case.ts';

// The item is keyed by the declared email (gsi2, a person's declarations): what was declared is a whole one here.
const declared = {
  firstName: 'value of firstName',
  lastName: 'value of lastName',
  email: 'value of email',
  contractNumber: 'value of contractNumber',
};

export const recordMappings: readonly RecordMappingCase[] = [
  {
    name: 'StoredDeclaration',
    mappedAs: ['StoredDeclarationRecord'],
    schema: StoredDeclarationRecord,
    toItem: (record) => declarationItem({ ...record, declaration: declared } as never),
    fromItem: declarationFromItem,
    pinned: { declaration: declared },
    // Staff see `Declaration`, the customer the receipt: the stored record's matcher fields are never answered.
    storedOnly: true,
  },
];
