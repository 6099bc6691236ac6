import type { AreaItemKinds } from '../privacy/item-kind.ts';

const bookkeeping =
  'To the end of the eighth calendar year after the signing year, or after the contract’s end once known (§ 147 Abs. 3 AO, § 257 Abs. 4 HGB); then purged.';

/** The contracts' items (shared/contracts/entity.ts) under the GDPR: see shared/privacy/item-kind.ts. */
export const itemKinds = [
  {
    entity: 'contract',
    personalData: true,
    category: 'contracts',
    purpose:
      'The contract with its copy of the customer’s name and address as agreed, its termination and cancellation (Art. 6 Abs. 1 b, c GDPR).',
    retention: bookkeeping,
    reach: { from: 'contract' },
  },
  {
    entity: 'signature',
    personalData: true,
    category: 'signatures',
    purpose:
      'Evidence of who signed the contract, when and from where: name, IP address, user agent, image hash, seal (Art. 6 Abs. 1 c, f GDPR).',
    retention: bookkeeping,
    reach: { from: 'contract' },
  },
  {
    entity: 'signatureImage',
    personalData: true,
    category: 'signatures',
    purpose:
      'The handwritten signature as it was checked and sealed, to prove the signature (Art. 6 Abs. 1 c, f GDPR).',
    retention: bookkeeping,
    reach: { from: 'contract' },
  },
  {
    entity: 'contractCopy',
    personalData: true,
    category: 'copies',
    purpose: 'Proof that the customer’s copy was sent, and to which email address (Art. 6 Abs. 1 c GDPR, § 312f BGB).',
    retention: bookkeeping,
    reach: { from: 'contract' },
  },
  {
    entity: 'mandate',
    personalData: true,
    category: 'mandates',
    purpose:
      'The SEPA direct debit mandate: account holder, full IBAN and BIC, its signature and revocation, to collect the dues (Art. 6 Abs. 1 b GDPR).',
    retention: `${bookkeeping} A revoked mandate is kept with its contract for the same time (proof of the debits made under it).`,
    reach: { from: 'contract' },
  },
  {
    entity: 'mandateSignatureImage',
    personalData: true,
    category: 'mandates',
    purpose: 'The account holder’s handwritten signature of the mandate, as it was checked (Art. 6 Abs. 1 b, c GDPR).',
    retention: bookkeeping,
    reach: { from: 'contract' },
  },
  {
    entity: 'contractNumberCounter',
    personalData: false,
    category: 'contract numbers',
    purpose: 'Gap-free contract numbers per year: one counter holding the last number.',
    retention: 'As long as the studio exists.',
    reach: { from: 'nowhere', because: 'it names no contract and no person' },
  },
] as const satisfies AreaItemKinds;
