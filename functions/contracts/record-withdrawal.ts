import { withdrawContract } from '#shared/contracts/withdrawal/withdraw-contract.ts';
import { WithdrawalInput } from '#shared/contracts/withdrawal/withdrawal-schema.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-record-withdrawal',
  { body: WithdrawalInput, idempotency: idempotencyKeys, reply: recordReply },
  ({ id, body, caller }) => withdrawContract(id, body, caller.sub),
);
