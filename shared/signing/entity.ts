import { recordMapping } from '../db/record-mapping.ts';
import { currentAmendmentSessionKey, currentSessionKey, signingSessionKey } from './keys.ts';
import { type StoredSigningSession, StoredSigningSessionRecord } from './schema.ts';

/**
 * Where signing sessions live (see docs/architecture.md, "Access patterns"). A session is
 * found by its token's hash, the only form of the token the table holds; one
 * pointer per contract and role names the session that is current, so a new
 * one ends the older one in the same transaction.
 */
export { currentAmendmentSessionKey, currentSessionKey, signingSessionKey } from './keys.ts';

/** The pointer naming a session's current one: its contract and role's, or its amendment's. */
export const currentPointerKey = (session: Pick<StoredSigningSession, 'contractId' | 'role' | 'amendmentId'>) =>
  session.amendmentId === null
    ? currentSessionKey(session.contractId, session.role)
    : currentAmendmentSessionKey(session.contractId, session.amendmentId);

/** After its signature, a session still fetches the copy for this long (docs/walkthrough.md, "Signing at the counter"). */
export const copyWindowMs = 15 * 60 * 1000;

/** DynamoDB's time-to-live attribute holds epoch seconds; the item goes once nothing can use it any more. */
export const timeToLive = (session: Pick<StoredSigningSession, 'validUntil' | 'signedAt'>): number => {
  const lastUse = Math.max(
    Date.parse(session.validUntil),
    session.signedAt === null ? 0 : Date.parse(session.signedAt) + copyWindowMs,
  );
  return Math.ceil(lastUse / 1000);
};

const mapping = recordMapping(StoredSigningSessionRecord);

export const signingSessionFromItem = mapping.fromItem;

/** A new session's item; `signedAt` stays absent until the token is spent, so conditions can test its absence. */
export const signingSessionItem = (tokenHash: string, session: StoredSigningSession) => {
  const { signedAt: _unsigned, ...fields } = mapping.toItem(session);
  return { ...signingSessionKey(tokenHash), entity: 'signingSession', ...fields, expiresAt: timeToLive(session) };
};

export const currentSessionItem = (session: StoredSigningSession, tokenHash: string) => ({
  ...currentPointerKey(session),
  entity: 'currentSigningSession',
  sessionId: session.id,
  tokenHash,
  expiresAt: timeToLive(session),
});
