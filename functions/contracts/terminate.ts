import { terminateContract } from '#shared/contracts/termination/terminate-contract.ts';
import { TerminationInput } from '#shared/contracts/termination/termination-schema.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-terminate',
  { body: TerminationInput, idempotency: idempotencyKeys, reply: recordReply },
  ({ id, body, caller }) => terminateContract(id, body, caller.sub),
);
