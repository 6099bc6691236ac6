import type { SignerRole } from '../contracts/signature-schema.ts';

/*
 * A session's key and its contract's pointers, apart from entity.ts and its schemas: the privacy export reads
 * the pointers without bundling the signing schemas and the contracts' texts.
 */
export const signingSessionKey = (tokenHash: string) => ({ pk: `SIGNING_SESSION#${tokenHash}`, sk: 'SIGNING_SESSION' });
export const currentSessionKey = (contractId: string, role: SignerRole) => ({
  pk: `SIGNING_SESSIONS#${contractId}`,
  sk: `CURRENT#${role}`,
});
/** An amendment's session has a pointer of its own: a new session for the amendment ends the older one, not the contract's. */
export const currentAmendmentSessionKey = (contractId: string, amendmentId: string) => ({
  pk: `SIGNING_SESSIONS#${contractId}`,
  sk: `CURRENT#AMENDMENT#${amendmentId}`,
});
