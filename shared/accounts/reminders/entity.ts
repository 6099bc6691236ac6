import { contractPartition } from '../../contracts/keys.ts';
import { recordMapping } from '../../db/record-mapping.ts';
import { type Reminder, ReminderRecord } from './schema.ts';

/*
 * Each reminder an item of its own in the contract's partition, `DUNNING#<number>`: between the contract and its
 * entries, so the account's one Query reads them; written once (`attribute_not_exists`) in the booking's
 * transaction, so two reminders at once cannot both take the same number.
 */
export const reminderSortPrefix = 'DUNNING#';
export const reminderKey = (contractId: string, number: number) => ({
  pk: contractPartition(contractId),
  sk: `${reminderSortPrefix}${String(number).padStart(3, '0')}`,
});

const mapping = recordMapping(ReminderRecord);
export const reminderFromItem = mapping.fromItem;
export const reminderItem = (reminder: Reminder) => ({
  ...reminderKey(reminder.contractId, reminder.number),
  entity: 'reminder',
  ...mapping.toItem(reminder),
});
