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
  {
    entity: 'reminder',
    personalData: true,
    category: 'account',
    purpose:
      'A reminder sent to the member (Zahlungserinnerung, Mahnung): its day, deadline, fee and the open items and total its letter printed, to prove what was claimed and when (Art. 6 Abs. 1 b, c, f GDPR; § 286 BGB).',
    retention:
      'As the contract: to the end of the eighth calendar year after the signing year, or after the contract’s end once known (§ 147 Abs. 1, 3 AO, § 257 Abs. 4 HGB); then purged.',
    reach: { from: 'contract' },
  },
  {
    entity: 'handover',
    personalData: true,
    category: 'account',
    purpose:
      'A claim handed to a collection agency: the contract’s number, the debtor’s contact id, the open items and total handed over and the agency’s result; the debtor’s name, address and email are read from the contact when the agency’s list is made (Art. 6 Abs. 1 f GDPR).',
    retention:
      'As the contract: to the end of the eighth calendar year after the signing year, or after the contract’s end once known (§ 147 Abs. 1, 3 AO, § 257 Abs. 4 HGB); then purged.',
    reach: { from: 'contract' },
  },
] as const satisfies AreaItemKinds;
