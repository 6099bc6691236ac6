import type { ContractWithSignatures } from '#shared/contracts/schema.ts';
import { recordReply } from '#shared/http/reply.ts';
import { truncateUserAgent } from '#shared/http/user-agent.ts';
import { SigningInput } from '#shared/signing/schema.ts';
import { signWithSession } from '#shared/signing/sign-with-session.ts';
import { signingRoute } from '#shared/signing/signing-route.ts';

export const handler = signingRoute(
  'signing-sign',
  {
    accepts: ['open'],
    body: SigningInput,
    reply: (contract: ContractWithSignatures) => recordReply(contract, { status: 201 }),
  },
  ({ presented, body, event }) => {
    const { sourceIp, userAgent } = event.requestContext.http;
    return signWithSession(presented, body, { ipAddress: sourceIp, userAgent: truncateUserAgent(userAgent) });
  },
);
