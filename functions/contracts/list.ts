import { ContractListQuery } from '#shared/contracts/schema.ts';
import { listContracts } from '#shared/contracts/store.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-list', { query: ContractListQuery, reply: bodyReply }, ({ query }) =>
  listContracts(query),
);
