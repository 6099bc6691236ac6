import type { AreaItemKinds } from '../privacy/item-kind.ts';

/** Plain data, like the other areas' item kinds, so that reading them opens no connection. The data layer's own items (shared/db/idempotency-records.ts) under the GDPR: see shared/privacy/item-kind.ts. */
export const itemKinds = [
  {
    entity: 'idempotency',
    personalData: true,
    category: 'idempotency records',
    purpose:
      'Answers a retried POST with its first response: the body’s hash and the stored response, which may name a person.',
    retention: '24 hours (time to live, idempotencyWindowSeconds), then deleted by DynamoDB; not erased one by one.',
    reach: { from: 'nowhere', because: 'keyed by the caller’s idempotency key; it expires within a day' },
  },
] as const satisfies AreaItemKinds;
