import { NotFound } from '#shared/db/errors.ts';
import { canonicalHash } from '#shared/hashing.ts';
import { isWellFormedId } from '#shared/http/ids.ts';
import { route } from '#shared/http/route.ts';
import { getSigningSession } from '#shared/signing/get-session.ts';

export const handler = route(
  'signing-sessions-get',
  {
    // A session has no version: its ETag is the hash of what it shows, so it changes with a step's signature or its end.
    reply: (session: Awaited<ReturnType<typeof getSigningSession>>) => ({
      status: 200,
      body: session,
      headers: { etag: `"${canonicalHash(session)}"` },
    }),
  },
  ({ id, event }) => {
    const sessionId = event.pathParameters?.sessionId ?? '';
    // A malformed id cannot name a session, so it is answered like an unknown one.
    if (!isWellFormedId(sessionId)) throw new NotFound('signingSession');
    return getSigningSession(id, sessionId);
  },
);
