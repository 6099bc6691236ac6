import { getContractAndAmendments } from '#shared/contracts/amendments/amendment-store.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

// A contract has few amendments: all of them, newest first, in one page.
export const handler = route('contracts-list-amendments', { reply: bodyReply }, async ({ id }) => ({
  items: (await getContractAndAmendments(id)).amendments.reverse(),
  nextCursor: null,
}));
