import { getExistingContract } from '#shared/contracts/store.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-get', { reply: recordReply }, ({ id }) => getExistingContract(id));
