import { createdAt } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { createWebhook } from '#shared/webhooks/save-webhook.ts';
import { WebhookInput } from '#shared/webhooks/schema.ts';

export const handler = route(
  'webhooks-create',
  { body: WebhookInput, reply: createdAt('/api/webhooks') },
  ({ body, caller }) => createWebhook(body, caller.sub),
);
