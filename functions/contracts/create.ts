import { createContract } from '#shared/contracts/create-contract.ts';
import { ContractInput } from '#shared/contracts/create-input.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { createdAt } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-create',
  { body: ContractInput, idempotency: idempotencyKeys, reply: createdAt('/api/contracts') },
  ({ body, caller }) => createContract(body, caller.sub),
);
