import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { WebhookListQuery } from '#shared/webhooks/schema.ts';
import { listWebhooks } from '#shared/webhooks/store.ts';

export const handler = route('webhooks-list', { query: WebhookListQuery, reply: bodyReply }, ({ query }) =>
  listWebhooks(query),
);
