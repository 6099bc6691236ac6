import type { AreaItemKinds } from '../privacy/item-kind.ts';

/** The outbox's items (shared/outbox/outbox.ts) under the GDPR: see shared/privacy/item-kind.ts. */
export const itemKinds = [
  {
    entity: 'event',
    personalData: false,
    category: 'events',
    purpose: 'The outbox of changes that webhooks deliver: type, time and the changed record’s id and version only.',
    retention: '30 days (time to live).',
    reach: { from: 'events' },
  },
] as const satisfies AreaItemKinds;
