/*
 * A contact's key and its email's, apart from entity.ts and its schemas: the privacy export reads them without
 * bundling the contacts' schemas.
 */
export const contactKey = (id: string) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT' });

export const normalizeEmail = (email: string): string => email.normalize('NFC').toLowerCase();

/** Exact email search (gsi2). */
export const contactEmailPartition = (email: string): string => `CONTACT_EMAIL#${normalizeEmail(email)}`;

/** The item that makes an email unique among contacts: one per lower-cased address. */
export const emailClaimKey = (email: string) => ({ pk: contactEmailPartition(email), sk: 'CONTACT_EMAIL' });
