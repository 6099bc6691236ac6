import { verifyContract } from '#shared/contracts/document/verify-contract.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-verify', { reply: bodyReply }, ({ id }) => verifyContract(id));
