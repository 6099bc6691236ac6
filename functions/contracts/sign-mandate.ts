import { MandateSignatureInput } from '#shared/contracts/mandates/mandate-signature-schema.ts';
import { signMandate } from '#shared/contracts/mandates/sign-mandate.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import type { Reply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-sign-mandate',
  {
    body: MandateSignatureInput,
    idempotency: idempotencyKeys,
    reply: (mandate): Reply => ({ status: 201, body: mandate }),
  },
  ({ id, body, event }) => {
    const { sourceIp, userAgent } = event.requestContext.http;
    return signMandate(id, body, { ipAddress: sourceIp, userAgent });
  },
);
