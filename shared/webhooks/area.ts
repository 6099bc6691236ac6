import type { AreaDefinition } from '../areas.ts';
import { ownerOnly } from '../roles.ts';

export const sampleWebhookId = '01JD0000000000000000000003';

export const webhooksDocsTag = {
  name: 'Events and webhooks',
  description:
    'Every change of contacts, services, the studio profile and contracts is an event, kept 30 days; webhooks receive them as signed POSTs. Owners only.',
} as const;

/** The index whose `WEBHOOKS#ACTIVE` partition lists the active webhooks (shared/webhooks/entity.ts). */
const webhookStatusIndex = 'gsi2';
/** The tag every webhook item and its attempts carry in their partition key (shared/webhooks/entity.ts). */
const webhookPartitions = 'WEBHOOK#*';

// A receiver on the developer's machine: the local server takes http to 127.0.0.1 (shared/webhooks/destination.ts).
const localReceiver = { url: 'http://127.0.0.1:9999/hooks', types: ['*'] };

// biome-ignore format: one route per line keeps the table readable
export const webhooksArea = {
  name: 'webhooks',
  language: 'en',
  docsTag: webhooksDocsTag,
  routes: [
    { name: 'webhooks-list', method: 'GET', path: '/api/webhooks', entry: 'functions/webhooks/list.ts', roles: ownerOnly, data: 'read' },
    { name: 'webhooks-create', method: 'POST', path: '/api/webhooks', entry: 'functions/webhooks/create.ts', roles: ownerOnly, data: 'read-write', webhookSecrets: 'encrypt', idempotentReplays: false },
    { name: 'webhooks-get', method: 'GET', path: '/api/webhooks/{id}', entry: 'functions/webhooks/get.ts', roles: ownerOnly, data: 'read' },
    { name: 'webhooks-replace', method: 'PUT', path: '/api/webhooks/{id}', entry: 'functions/webhooks/replace.ts', roles: ownerOnly, data: 'read-write' },
    { name: 'webhooks-delete', method: 'DELETE', path: '/api/webhooks/{id}', entry: 'functions/webhooks/delete.ts', roles: ownerOnly, data: 'read-write', deletes: true },
    { name: 'webhooks-deliveries', method: 'GET', path: '/api/webhooks/{id}/deliveries', entry: 'functions/webhooks/deliveries.ts', roles: ownerOnly, data: 'read' },
  ],
  // The dispatcher reads every event from the table's stream and queues one delivery per subscribed webhook; the
  // delivery function makes one attempt per message (batches of 1, so the receive count is the attempt number).
  backgroundFunctions: [
    { name: 'webhooks-dispatch', entry: 'functions/webhooks/dispatch.ts', data: { actions: ['Query'], index: webhookStatusIndex }, sendsTo: 'webhook-deliveries',
      trigger: {
        stream: '*',
        batchSize: 100,
        onFailure: 'retry until it leaves the stream',
        behindAlarm: { minutes: 5, description: 'The webhook dispatcher is more than 5 minutes behind the table’s stream: events wait, and after 24 h the stream drops them. Look at the webhooks-dispatch logs and errors.' },
      } },
    // One attempt of at most 10 s (deliveryTimeoutMs), plus reading the webhook, decrypting its secret and logging the attempt.
    { name: 'webhooks-deliver', entry: 'functions/webhooks/deliver.ts', data: { actions: ['GetItem', 'PutItem', 'UpdateItem'], partitions: [webhookPartitions] }, webhookSecrets: 'decrypt', timeoutSeconds: 30,
      trigger: { queue: 'webhook-deliveries', batchSize: 1 } },
  ],
  eventTypes: [],
  entities: { webhook: { en: 'No webhook has this id', de: 'Kein Webhook hat diese ID' } },
  sampleIds: { '/api/webhooks': sampleWebhookId },
  sampleRequests: () => ({
    'webhooks-create': { body: localReceiver },
    'webhooks-replace': { body: localReceiver },
  }),
} as const satisfies AreaDefinition;
