import type { CallerKind } from '../http/caller-kinds.ts';
import { invalidSigningToken, type PresentedSession, presentedSession, type SessionState } from './find-session.ts';

/**
 * The caller of the signing page's API: public at the gateway, so the token in
 * `Authorization: Signing <token>` is checked by the function, before anything else is looked at;
 * `accepts` is what the token must still be good for, anything else is a 401. The session stands in
 * for the caller, so an `Idempotency-Key` is scoped to it. A POST that replays accepts a token
 * already spent on its signature as far as that layer, so that a retry of the signature under the
 * same key is answered with the first response; past it, a spent token is a 401.
 */
export const signingToken = (
  accepts: readonly SessionState[],
): CallerKind<{ presented: PresentedSession }, 'public'> => ({
  gateway: 'public',
  identify: async (event, { replays }) => {
    const gate: readonly SessionState[] = replays ? [...accepts, 'signed'] : accepts;
    const presented = await presentedSession(event.headers.authorization, gate);
    return { caller: { sub: `signing-session:${presented.session.id}`, groups: [] }, extra: { presented } };
  },
  admit: ({ presented }) => {
    if (!accepts.includes(presented.state)) throw invalidSigningToken();
  },
});
