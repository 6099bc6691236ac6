import type { AreaItemKinds } from '../privacy/item-kind.ts';

/** The accounts' items (shared/accounts/entity.ts) under the GDPR: see shared/privacy/item-kind.ts. */
export const itemKinds = [
  {
    entity: 'accountEntry',
    personalData: true,
    category: 'account',
    purpose:
      'The member’s account of the contract: each due, debit, return with the bank’s fee, payment, credit and write-off, with its booking text (a payment’s reference, a correction’s reason) (Art. 6 Abs. 1 b, c GDPR).',
    retention:
      'As the contract: to the end of the eighth calendar year after the signing year, or after the contract’s end once known (§ 147 Abs. 1, 3 AO, § 257 Abs. 4 HGB); then purged.',
    reach: { from: 'contract' },
  },
] as const satisfies AreaItemKinds;
