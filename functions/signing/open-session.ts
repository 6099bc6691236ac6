import { route } from '#shared/http/route.ts';
import { openSigningSession } from '#shared/signing/open-session.ts';
import { type SigningSession, SigningSessionInput } from '#shared/signing/open-session-schema.ts';
import { publicOrigin } from '#shared/signing/public-origin.ts';
import { qrCodeSvg } from '#shared/signing/qr-code.ts';

export const handler = route(
  'signing-sessions-open',
  { body: SigningSessionInput, reply: (session: SigningSession) => ({ status: 201, body: session }) },
  async ({ id, body, caller, event }) => {
    const { session, token } = await openSigningSession(id, body, caller.sub);
    // The token goes only into the fragment, which browsers never send: no server or access log sees it.
    const url = `${publicOrigin(event)}/api/sign#${token}`;
    return { id: session.id, role: session.role, expiresAt: session.validUntil, url, qrCodeSvg: qrCodeSvg(url) };
  },
);
