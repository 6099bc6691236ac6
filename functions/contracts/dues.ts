import { listContractDues } from '#shared/contracts/dues/contract-dues.ts';
import { DuesQuery } from '#shared/contracts/dues/dues-schema.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-dues', { query: DuesQuery, reply: bodyReply }, ({ id, query }) =>
  listContractDues(id, query),
);
