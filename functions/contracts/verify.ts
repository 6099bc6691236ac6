import { verifyContract } from '#shared/contracts/verify-contract.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-verify', {}, async ({ id }) => ({
  status: 200,
  body: await verifyContract(id),
}));
