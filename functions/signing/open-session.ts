import { idempotencyKeysWhen } from '#shared/http/idempotency.ts';
import { route } from '#shared/http/route.ts';
import { openSigningSession } from '#shared/signing/open-session.ts';
import { type SigningSession, SigningSessionInput } from '#shared/signing/open-session-schema.ts';
import { publicOrigin } from '#shared/signing/public-origin.ts';

/** Only a remote session's answer, which holds no token, is kept for a keyed retry: it must not mail twice. */
const remote = (body: unknown) => (body as { channel?: unknown } | null)?.channel === 'remote';

export const handler = route(
  'signing-sessions-open',
  {
    body: SigningSessionInput,
    idempotency: idempotencyKeysWhen(remote),
    // The session as staff may see it, without its link: `GET …/signing-sessions/{sessionId}`. A keyed retry of a
    // remote session replays the stored answer through the same reply, so the answer alone must make the header.
    reply: (session: SigningSession) => ({
      status: 201,
      body: session,
      headers: { location: `/api/contracts/${session.contractId}/signing-sessions/${session.id}` },
    }),
  },
  // The token goes only into the fragment, which browsers never send: no server or access log sees it.
  async ({ id, body, caller, event }) =>
    openSigningSession(id, body, caller.sub, (token) => `${publicOrigin(event)}/api/sign#${token}`),
);
