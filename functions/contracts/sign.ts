import { SignatureInput } from '#shared/contracts/schema.ts';
import { signContract } from '#shared/contracts/sign-contract.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-sign', { body: SignatureInput }, async ({ id, body, event }) => {
  const { sourceIp, userAgent } = event.requestContext.http;
  const contract = await signContract(id, body, { ipAddress: sourceIp, userAgent });
  return recordReply(contract, { status: 201 });
});
