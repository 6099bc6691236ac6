import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock.ts';
import { documentClient, tableName } from '../db/client.ts';
import { Problem } from '../http/problem.ts';
import { copyWindowMs, signingSessionFromItem, signingSessionKey } from './entity.ts';
import type { StoredSigningSession } from './schema.ts';
import { signingTexts } from './texts.ts';
import { signingTokenHash, signingTokenOf } from './token.ts';

/** What a token may still do: sign (`open`) or fetch the copy of what it signed (`signed`). */
export type SessionState = 'open' | 'signed';

/** A session its token has just been shown for, and its hash (the session's key). */
export interface PresentedSession {
  session: StoredSigningSession;
  tokenHash: string;
  state: SessionState;
}

/**
 * One answer for every token that does not fit: unknown, replaced, used or expired look the
 * same from outside, so a guesser learns nothing, and the customer is told what to do.
 */
export const invalidSigningToken = () =>
  new Problem('signing-token-invalid', signingTexts.localized('linkInvalid'), {
    headers: { 'www-authenticate': 'Signing' },
  });

const stateAt = (session: StoredSigningSession, at: number): SessionState | undefined => {
  if (session.signedAt !== null) return at < Date.parse(session.signedAt) + copyWindowMs ? 'signed' : undefined;
  // DynamoDB deletes expired items only eventually (often within days): the expiry is checked here too.
  return at < Date.parse(session.validUntil) ? 'open' : undefined;
};

/**
 * The session of an `Authorization: Signing <token>` header, if it is in one of the `accepted`
 * states now; anything else is the 401 above.
 */
export const presentedSession = async (
  authorization: string | undefined,
  accepted: readonly SessionState[],
): Promise<PresentedSession> => {
  const token = signingTokenOf(authorization);
  if (token === undefined) throw invalidSigningToken();
  const tokenHash = signingTokenHash(token);
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: signingSessionKey(tokenHash), ConsistentRead: true }),
  );
  if (!Item) throw invalidSigningToken();
  const session = signingSessionFromItem(Item);
  const state = stateAt(session, now().getTime());
  if (state === undefined || !accepted.includes(state)) throw invalidSigningToken();
  return { session, tokenHash, state };
};
