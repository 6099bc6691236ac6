import type { AreaDefinition } from '../areas.ts';
import { ownerOnly } from '../roles.ts';

export const sampleWebhookId = '01JD0000000000000000000003';

export const webhooksDocsTag = {
  name: 'Events and webhooks',
  description:
    'Every change of contacts, services, the studio profile and contracts is an event, kept 30 days; webhooks receive them as signed POSTs. Owners only.',
} as const;

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
  // The dispatcher reads the table's stream, the delivery function the delivery queue (infra/events.ts).
  backgroundFunctions: [
    { name: 'webhooks-dispatch', entry: 'functions/webhooks/dispatch.ts' },
    { name: 'webhooks-deliver', entry: 'functions/webhooks/deliver.ts' },
  ],
  eventTypes: [],
  entities: { webhook: { en: 'No webhook has this id', de: 'Kein Webhook hat diese ID' } },
  sampleIds: { '/api/webhooks': sampleWebhookId },
  sampleRequests: () => ({
    'webhooks-create': { body: localReceiver },
    'webhooks-replace': { body: localReceiver },
  }),
} as const satisfies AreaDefinition;
