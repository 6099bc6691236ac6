import { cancelContract } from '#shared/contracts/cancel-contract.ts';
import { CancellationInput } from '#shared/contracts/termination/termination-schema.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-cancel',
  { body: CancellationInput, idempotency: idempotencyKeys, reply: recordReply },
  ({ id, body, caller }) => cancelContract(id, body.reason, caller.sub),
);
