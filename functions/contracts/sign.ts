import type { ContractWithSignatures } from '#shared/contracts/schema.ts';
import { signContract } from '#shared/contracts/sign-contract.ts';
import { SignatureInput } from '#shared/contracts/signature-schema.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-sign',
  {
    body: SignatureInput,
    idempotency: idempotencyKeys,
    reply: (contract: ContractWithSignatures) => recordReply(contract, { status: 201 }),
  },
  ({ id, body, event }) => {
    const { sourceIp, userAgent } = event.requestContext.http;
    return signContract(id, body, { ipAddress: sourceIp, userAgent });
  },
);
