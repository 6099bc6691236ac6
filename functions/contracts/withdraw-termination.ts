import { withdrawTermination } from '#shared/contracts/termination/terminate-contract.ts';
import { noContentReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-withdraw-termination', { reply: noContentReply }, ({ id, ifMatch }) =>
  withdrawTermination(id, ifMatch),
);
