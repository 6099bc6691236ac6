import {
  contactEmailPartition,
  contactKey,
  contactListPartition,
  contactListSortKey,
  emailClaimKey,
} from '#shared/contacts/keys.ts';

/** The fields of a contact as the bench sends them: every field present, `null` when empty. */
export interface ContactFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  dateOfBirth: string | null;
  address: { street: string; postalCode: string; city: string; country: string } | null;
  notes: string | null;
}

/** The index attributes a contact item carries: the list by name (gsi1) and the email search (gsi2). */
export const contactIndexAttributes = (contact: ContactFields & { id: string }) => ({
  gsi1pk: contactListPartition,
  gsi1sk: contactListSortKey(contact.lastName, contact.firstName, contact.id),
  gsi2pk: contactEmailPartition(contact.email),
  gsi2sk: 'CONTACT',
});

export const contactItem = <C extends ContactFields & { id: string }>(contact: C) => ({
  ...contactKey(contact.id),
  entity: 'contact',
  ...contactIndexAttributes(contact),
  ...contact,
});

export const emailClaimItem = (email: string, contactId: string) => ({
  ...emailClaimKey(email),
  entity: 'contactEmail',
  contactId,
});
