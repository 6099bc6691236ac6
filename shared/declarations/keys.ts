import { normalizeEmail } from '../contacts/keys.ts';

/*
 * A declaration's key, the list of all and the person's ways to its declarations, apart from entity.ts and its
 * schemas: the privacy export and erasure read them without bundling the declarations' schemas and texts.
 */
export const declarationKey = (id: string) => ({ pk: `DECLARATION#${id}`, sk: 'DECLARATION' });
export const declarationListPartition = 'DECLARATIONS';

/**
 * The declarations giving one email address (gsi2), normalized as a contact's is: the customer types it, so its
 * case may differ from the contact's. Every declaration carries it.
 */
export const declarationsByEmailPartition = (email: string): string => `DECLARATIONS#EMAIL#${normalizeEmail(email)}`;

/**
 * The declarations matched or assigned to one contract (gsi4, sparse: only a declaration with a contract carries
 * it). The declared email may be another than the contact's (changed since, or a staff assignment), so the
 * export and the erasure find a person's declarations by both ways.
 */
export const declarationsOfContractPartition = (contractId: string): string => `CONTRACT#${contractId}#DECLARATIONS`;
