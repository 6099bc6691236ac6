import { entryFromItem, entryItem } from '#shared/accounts/entity.ts';
import { EntryRecord } from '#shared/accounts/schema.ts';
import type { RecordMappingCase } from '../support/record-mapping-case.ts';

export const recordMappings: readonly RecordMappingCase[] = [
  {
    name: 'Entry',
    mappedAs: ['EntryRecord'],
    schema: EntryRecord,
    toItem: (record) => entryItem('01JD0000000000000000000002', record as never, 1),
    fromItem: entryFromItem,
    // Answered inside the Account, not as a component of its own.
    storedOnly: true,
  },
];
