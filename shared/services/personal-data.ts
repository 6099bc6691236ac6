import type { AreaItemKinds } from '../privacy/item-kind.ts';

/** The services' items (shared/services/entity.ts) under the GDPR: see shared/privacy/item-kind.ts. */
export const itemKinds = [
  {
    entity: 'service',
    personalData: false,
    category: 'services',
    purpose: 'What the studio sells: name, price, billing interval.',
    retention: 'As long as the studio keeps it; contracts copy what they agreed.',
    reach: { from: 'nowhere', because: 'it names no person' },
  },
] as const satisfies AreaItemKinds;
