import type { ContractWithSignatures } from '#shared/contracts/schema.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { truncateUserAgent } from '#shared/http/user-agent.ts';
import { SigningInput } from '#shared/signing/schema.ts';
import { signWithSession } from '#shared/signing/sign-with-session.ts';
import { signingToken } from '#shared/signing/signing-token.ts';

export const handler = route(
  'signing-sign',
  {
    caller: signingToken(['open']),
    body: SigningInput,
    idempotency: idempotencyKeys,
    reply: (contract: ContractWithSignatures) => recordReply(contract, { status: 201 }),
  },
  ({ presented, body, event }) => {
    const { sourceIp, userAgent } = event.requestContext.http;
    return signWithSession(presented, body, { ipAddress: sourceIp, userAgent: truncateUserAgent(userAgent) });
  },
);
