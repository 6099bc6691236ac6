import { handoverFromItem, handoverItem } from '#shared/accounts/collection-agency/entity.ts';
import { HandoverRecord } from '#shared/accounts/collection-agency/schema.ts';
import { entryFromItem, entryItem } from '#shared/accounts/entity.ts';
import { reminderFromItem, reminderItem } from '#shared/accounts/reminders/entity.ts';
import { ReminderRecord } from '#shared/accounts/reminders/schema.ts';
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
  {
    name: 'Reminder',
    mappedAs: ['ReminderRecord'],
    schema: ReminderRecord,
    toItem: (record) => reminderItem(record as never),
    fromItem: reminderFromItem,
  },
  {
    name: 'Handover',
    mappedAs: ['HandoverRecord'],
    schema: HandoverRecord,
    toItem: (record) => handoverItem(record as never),
    fromItem: handoverFromItem,
  },
];
