import type { AreaItemKinds } from '../privacy/item-kind.ts';

/** The studio profile's item (shared/studio/entity.ts) under the GDPR: see shared/privacy/item-kind.ts. */
export const itemKinds = [
  {
    entity: 'studio',
    personalData: true,
    category: 'studio profile',
    purpose:
      'The studio as a party of every contract and SEPA creditor: its legal name, address, representative (a person), creditor id and account.',
    retention: 'As long as the studio uses the service; contracts copy it as it stood.',
    reach: { from: 'nowhere', because: 'it is about the studio and its representative, not about a customer' },
  },
] as const satisfies AreaItemKinds;
