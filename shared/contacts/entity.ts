import { itemId, type KeyShape, keyPattern, keyText } from '../db/key-shape.ts';
import { recordMapping } from '../db/record-mapping.ts';
import type { RecordKind } from '../db/record-store.ts';
import { type Contact, ContactRecord } from './schema.ts';

/**
 * Where a contact lives in the table and how it is stored (see docs/architecture.md,
 * "Access patterns"). Sort keys join their parts with U+0001, which sorts
 * below every character a name may contain, so "Smith, Zoe" comes before
 * "Smithson, Al".
 */
const separator = '\u0001';

export const contactKey = (id: string) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT' });

export const normalizeForSort = (text: string): string => text.normalize('NFC').toLowerCase();
export const normalizeEmail = (email: string): string => email.normalize('NFC').toLowerCase();

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

/** Exact email search (gsi2). */
export const contactEmailPartition = (email: string): string => `CONTACT_EMAIL#${normalizeEmail(email)}`;

export const contactEmailKey: KeyShape = { ...contactListKey, indexSort: keyPattern('CONTACT') };

/** The item that makes an email unique among contacts: one per lower-cased address. */
export const emailClaimKey = (email: string) => ({ pk: contactEmailPartition(email), sk: 'CONTACT_EMAIL' });

const mapping = recordMapping(ContactRecord);

export const contactFromItem = mapping.fromItem;

/** The whole item: key, index attributes (an absent email leaves gsi2 out) and the record's fields. */
export const contactItem = (contact: Contact) => ({
  ...contactKey(contact.id),
  entity: 'contact',
  ...contactIndexAttributes(contact),
  ...mapping.toItem(contact),
});

/** A restricted contact has none: no list and no search can find it (its index attributes are removed). */
export const contactIndexAttributes = (contact: Contact) => ({
  gsi1pk: contact.restricted ? undefined : contactListPartition,
  gsi1sk: contact.restricted ? undefined : contactListSortKey(contact),
  gsi2pk: contact.email && !contact.restricted ? contactEmailPartition(contact.email) : undefined,
  gsi2sk: contact.email && !contact.restricted ? 'CONTACT' : undefined,
});

/** Contacts as the generic reads and replace see them (`shared/db/record-store.ts`). */
export const contactRecords: RecordKind<Contact> = {
  entity: 'contact',
  fromItem: contactFromItem,
  toItem: contactItem,
};
