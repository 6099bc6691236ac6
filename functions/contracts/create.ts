import { createContract } from '#shared/contracts/create-contract.ts';
import { ContractInput } from '#shared/contracts/schema.ts';
import { createdReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-create', { body: ContractInput }, async ({ body, caller }) =>
  createdReply(await createContract(body, caller.sub), '/api/contracts'),
);
