import { retractTermination } from '#shared/contracts/termination/terminate-contract.ts';
import { noContentReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-retract-termination', { reply: noContentReply }, ({ id, ifMatch }) =>
  retractTermination(id, ifMatch),
);
