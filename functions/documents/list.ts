import { listContractDocuments } from '#shared/documents/store.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('documents-list', { reply: bodyReply }, async ({ id }) => ({
  items: await listContractDocuments(id),
}));
