import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { replaceWebhook } from '#shared/webhooks/save-webhook.ts';
import { WebhookReplaceInput } from '#shared/webhooks/schema.ts';

export const handler = route(
  'webhooks-replace',
  { body: WebhookReplaceInput, reply: recordReply },
  ({ id, body, ifMatch, caller }) => replaceWebhook(id, body, ifMatch, caller.sub),
);
