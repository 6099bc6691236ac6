import { getCurrentMandate } from '#shared/contracts/mandates/mandate-store.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-get-mandate', { reply: bodyReply }, ({ id }) => getCurrentMandate(id));
