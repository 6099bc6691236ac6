import type { MandateWithText } from '#shared/contracts/mandates/mandate-schema.ts';
import { MandateSignatureInput } from '#shared/contracts/mandates/mandate-signature-schema.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import type { Reply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { truncateUserAgent } from '#shared/http/user-agent.ts';
import { signMandateWithSession } from '#shared/signing/sign-mandate-with-session.ts';
import { signingToken } from '#shared/signing/signing-token.ts';

export const handler = route(
  'signing-sign-mandate',
  {
    caller: signingToken(['open']),
    body: MandateSignatureInput,
    idempotency: idempotencyKeys,
    reply: (mandate: MandateWithText): Reply => ({ status: 201, body: mandate }),
  },
  ({ presented, body, event }) => {
    const { sourceIp, userAgent } = event.requestContext.http;
    return signMandateWithSession(presented, body, { ipAddress: sourceIp, userAgent: truncateUserAgent(userAgent) });
  },
);
