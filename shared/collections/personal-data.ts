import type { AreaItemKinds } from '../privacy/item-kind.ts';

const bookkeeping =
  'As the contract: to the end of the eighth calendar year after the signing year, or after the contract’s end once known (§ 147 Abs. 3 AO, § 257 Abs. 4 HGB); then purged.';

/** The collections' items (shared/collections/entity.ts) under the GDPR: see shared/privacy/item-kind.ts. */
export const itemKinds = [
  {
    entity: 'due',
    personalData: true,
    category: 'dues',
    purpose:
      'A due of the contract as it was collected: amount, period, which collection took it, and its return with the bank’s reason (Art. 6 Abs. 1 b, c GDPR). The export adds the dues still planned, as GET /api/contracts/{id}/dues computes them (never stored).',
    retention: bookkeeping,
    reach: { from: 'contract' },
  },
  {
    entity: 'debit',
    personalData: true,
    category: 'debits',
    purpose:
      'A direct debit as it went to the bank: account holder, full IBAN and BIC, mandate reference, amount and its return, so the file can be rebuilt and returns matched (Art. 6 Abs. 1 b, c GDPR).',
    retention: bookkeeping,
    reach: { from: 'collection' },
  },
  {
    entity: 'collection',
    personalData: false,
    category: 'collections',
    purpose: 'A collection run: its date, status, count, total and the ids of the dues it took.',
    retention: 'As the debits it holds.',
    reach: { from: 'nowhere', because: 'it names dues, not people; the person’s debits in it are found from the dues' },
  },
  {
    entity: 'preNotificationMail',
    personalData: false,
    category: 'account',
    purpose:
      'The note that the Vorabankündigung of a returned due was mailed (when, and the message id), so that it goes out once; the address is not kept.',
    retention: 'As long as the contract’s partition: it goes with the contract.',
    reach: { from: 'contract' },
  },
  {
    entity: 'collectionRequest',
    personalData: false,
    category: 'collections',
    purpose: 'Points a retried create (its Idempotency-Key) to the collection it began.',
    retention: '25 hours (TTL).',
    reach: { from: 'nowhere', because: 'it names a request and a collection, no person' },
  },
] as const satisfies AreaItemKinds;
