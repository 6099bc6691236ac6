import type { Amendment } from '#shared/contracts/amendments/amendment-schema.ts';
import { AmendmentSignatureInput } from '#shared/contracts/amendments/signature-input.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { truncateUserAgent } from '#shared/http/user-agent.ts';
import { agreeWithSession } from '#shared/signing/agree-with-session.ts';
import { signingToken } from '#shared/signing/signing-token.ts';

export const handler = route(
  'signing-agree-amendment',
  {
    caller: signingToken(['open']),
    body: AmendmentSignatureInput,
    idempotency: idempotencyKeys,
    reply: (amendment: Amendment) => recordReply(amendment, { status: 201 }),
  },
  ({ presented, body, event }) => {
    const { sourceIp, userAgent } = event.requestContext.http;
    return agreeWithSession(presented, body, { ipAddress: sourceIp, userAgent: truncateUserAgent(userAgent) });
  },
);
