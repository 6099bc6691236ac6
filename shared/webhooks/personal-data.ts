import type { AreaItemKinds } from '../privacy/item-kind.ts';

/** The webhooks' items (shared/webhooks/entity.ts) under the GDPR: see shared/privacy/item-kind.ts. */
export const itemKinds = [
  {
    entity: 'webhook',
    personalData: false,
    category: 'webhooks',
    purpose: 'Where the studio’s own systems receive events: URL, types, encrypted secret.',
    retention: 'Until the webhook is deleted.',
    reach: { from: 'nowhere', because: 'it names no person' },
  },
  {
    entity: 'webhookDelivery',
    personalData: false,
    category: 'webhook deliveries',
    purpose: 'The outcome of each delivery attempt: event id, status, time (ids only, never the payload’s data).',
    retention: '30 days (time to live).',
    reach: { from: 'nowhere', because: 'it holds event ids only' },
  },
] as const satisfies AreaItemKinds;
