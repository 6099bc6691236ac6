/**
 * Where a contact lives in the table (see README "Access patterns").
 * Sort keys join their parts with U+0001, which sorts below every character a
 * name may contain, so "Smith, Zoe" comes before "Smithson, Al".
 */
const separator = '\u0001';

export const contactKey = (id: string) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT' });

export const normalizeForSort = (text: string): string => text.normalize('NFC').toLowerCase();
export const normalizeEmail = (email: string): string => email.normalize('NFC').toLowerCase();

export const contactListPartition = 'CONTACTS';
export const contactListSortKey = (lastName: string, firstName: string, id: string): string =>
  [normalizeForSort(lastName), normalizeForSort(firstName), id].join(separator);

export const contactEmailPartition = (email: string): string => `CONTACT_EMAIL#${normalizeEmail(email)}`;

/** The item that makes an email unique among contacts: one per lower-cased address. */
export const emailClaimKey = (email: string) => ({ pk: contactEmailPartition(email), sk: 'CONTACT_EMAIL' });
