import type { AreaItemKinds } from '../privacy/item-kind.ts';

/** The declarations' items (shared/declarations/entity.ts) under the GDPR: see shared/privacy/item-kind.ts. */
export const itemKinds = [
  {
    entity: 'declaration',
    personalData: true,
    category: 'declarations',
    purpose:
      'A termination or withdrawal the customer declared without login (§ 312k, § 356a BGB): name, email, contract number, what was declared and when, the contract it was matched to and the confirmation sent (Art. 6 Abs. 1 b, c GDPR).',
    retention:
      'Until the person is erased; a declaration about a contract is proof of its termination and is kept as the contract while the contact is restricted.',
    reach: { from: 'declarations' },
  },
  {
    entity: 'declarationRate',
    personalData: true,
    category: 'rate limit',
    purpose:
      'Counts the public declarations per client IP address and 10-minute window, against scripts (Art. 6 Abs. 1 f GDPR).',
    retention: 'Removed by TTL once its window is over (minutes).',
    reach: {
      from: 'nowhere',
      because: 'it is keyed by an IP address, which names no contact; it is gone within the hour',
    },
  },
] as const satisfies AreaItemKinds;
