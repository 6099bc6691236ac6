import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { getExistingWebhook } from '#shared/webhooks/store.ts';

export const handler = route('webhooks-get', { reply: recordReply }, ({ id }) => getExistingWebhook(id));
