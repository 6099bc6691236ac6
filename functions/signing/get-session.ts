import { NotFound } from '#shared/db/errors.ts';
import { isWellFormedId } from '#shared/http/ids.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { getSigningSession } from '#shared/signing/get-session.ts';

export const handler = route('signing-sessions-get', { reply: bodyReply }, ({ id, event }) => {
  const sessionId = event.pathParameters?.sessionId ?? '';
  // A malformed id cannot name a session, so it is answered like an unknown one.
  if (!isWellFormedId(sessionId)) throw new NotFound('signingSession');
  return getSigningSession(id, sessionId);
});
