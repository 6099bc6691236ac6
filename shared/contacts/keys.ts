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

/**
 * Restricted contacts by the end of their restriction (gsi3), sparse: only a restricted contact carries it. The
 * sort key starts with `restrictedUntil` (RFC 3339 in UTC, so it sorts by time), then the id.
 */
export const restrictedContactsPartition = 'CONTACTS#RESTRICTED';
export const restrictedContactSortKey = (restrictedUntil: string, contactId: string): string =>
  `${restrictedUntil}#${contactId}`;
