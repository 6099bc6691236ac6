import { itemId, type KeyShape, keyPattern, keyText } from '../db/key-shape.ts';
import { recordMapping } from '../db/record-mapping.ts';
import type { RecordKind } from '../db/record-store.ts';
import { contactEmailPartition, contactKey, restrictedContactSortKey, restrictedContactsPartition } from './keys.ts';
import { type Contact, ContactRecord } from './schema.ts';

export {
  contactEmailPartition,
  contactKey,
  emailClaimKey,
  normalizeEmail,
  restrictedContactsPartition,
} from './keys.ts';

/**
 * Where a contact lives in the table and how it is stored (see docs/architecture.md,
 * "Access patterns"). Sort keys join their parts with U+0001, which sorts
 * below every character a name may contain, so "Smith, Zoe" comes before
 * "Smithson, Al".
 */
const separator = '\u0001';

export const normalizeForSort = (text: string): string => text.normalize('NFC').toLowerCase();

/** List by last name, first name, id (gsi1); search by last-name prefix on the same index. */
export const contactListPartition = 'CONTACTS';
const contactListSortKey = (contact: Contact): string =>
  [normalizeForSort(contact.lastName), normalizeForSort(contact.firstName), contact.id].join(separator);

/** A contact's key as the name list reads it: what a cursor of that list must carry. */
export const contactListKey: KeyShape = {
  pk: keyPattern('CONTACT#', itemId),
  sk: keyPattern('CONTACT'),
  indexSort: keyPattern(keyText, separator, keyText, separator, itemId),
};

export const contactEmailKey: KeyShape = { ...contactListKey, indexSort: keyPattern('CONTACT') };

const mapping = recordMapping(ContactRecord);

export const contactFromItem = mapping.fromItem;

/** The whole item: key, index attributes (an absent email leaves gsi2 out) and the record's fields. */
export const contactItem = (contact: Contact) => ({
  ...contactKey(contact.id),
  entity: 'contact',
  ...contactIndexAttributes(contact),
  ...mapping.toItem(contact),
});

/**
 * A restricted contact has none of the list's and the search's: no list and no search can find it (its index
 * attributes are removed). It is in the restricted list instead, by `restrictedUntil`: the purge's one Query.
 */
export const contactIndexAttributes = (contact: Contact) => {
  const expires = contact.restricted === true && contact.restrictedUntil !== null;
  return {
    gsi1pk: contact.restricted ? undefined : contactListPartition,
    gsi1sk: contact.restricted ? undefined : contactListSortKey(contact),
    gsi2pk: contact.email && !contact.restricted ? contactEmailPartition(contact.email) : undefined,
    gsi2sk: contact.email && !contact.restricted ? 'CONTACT' : undefined,
    gsi3pk: expires ? restrictedContactsPartition : undefined,
    gsi3sk: expires ? restrictedContactSortKey(contact.restrictedUntil as string, contact.id) : undefined,
  };
};

/** Contacts as the generic reads and replace see them (`shared/db/record-store.ts`). */
export const contactRecords: RecordKind<Contact> = {
  entity: 'contact',
  fromItem: contactFromItem,
  toItem: contactItem,
};
