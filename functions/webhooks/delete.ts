import { noContentReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { deleteWebhook } from '#shared/webhooks/store.ts';

export const handler = route('webhooks-delete', { reply: noContentReply }, ({ id, ifMatch }) =>
  deleteWebhook(id, ifMatch),
);
