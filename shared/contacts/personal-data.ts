import type { AreaItemKinds } from '../privacy/item-kind.ts';

/** The contacts' items (shared/contacts/entity.ts) under the GDPR: see shared/privacy/item-kind.ts. */
export const itemKinds = [
  {
    entity: 'contact',
    personalData: true,
    category: 'contact',
    purpose:
      'The customer relationship: names, contact details and notes the studio needs to serve the customer (Art. 6 Abs. 1 b GDPR).',
    retention:
      'Until erased on request; once contracts refer to it, its name and address are kept (restricted) as long as the contracts’ documents (§ 147 AO, § 257 HGB), phone, date of birth and notes are erased at once.',
    reach: { from: 'contact' },
  },
  {
    entity: 'contactEmail',
    personalData: true,
    category: 'contact',
    purpose: 'Keeps email addresses unique among contacts: the claim names the address and its contact.',
    retention: 'As long as the contact holds the address.',
    reach: { from: 'email' },
  },
] as const satisfies AreaItemKinds;
