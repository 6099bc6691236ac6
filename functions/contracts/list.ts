import { listContracts } from '#shared/contracts/read-contracts.ts';
import { ContractListQuery } from '#shared/contracts/schema.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-list', { query: ContractListQuery }, async ({ query }) => ({
  status: 200,
  body: await listContracts(query),
}));
