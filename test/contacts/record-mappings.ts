import { contactFromItem, contactItem } from '#shared/contacts/entity.ts';
import { ContactRecord } from '#shared/contacts/schema.ts';
import type { RecordMappingCase } from '../support/record-mapping-case.ts';

export const recordMappings: readonly RecordMappingCase[] = [
  {
    name: 'Contact',
    mappedAs: ['ContactRecord'],
    schema: ContactRecord,
    toItem: (record) => contactItem(record as never),
    fromItem: contactFromItem,
  },
];
