import type { AreaItemKinds } from '../privacy/item-kind.ts';

/** The documents' items (shared/documents/entity.ts) under the GDPR: see shared/privacy/item-kind.ts. */
export const itemKinds = [
  {
    entity: 'storedDocument',
    personalData: true,
    category: 'stored documents',
    purpose:
      'The record of a signed original or a later document of the contract (mandate, termination or withdrawal confirmation, reminder, agreed amendment) kept unaltered (the PDF names the customer and holds the signatures and the mandate’s IBAN): kind, SHA-256, size, retention (Art. 6 Abs. 1 c GDPR).',
    retention:
      'Until its retainUntil: the end of the eighth calendar year after signing, or after the contract’s end (§ 147 AO, § 257 HGB); then the record and every version of the PDF are purged.',
    reach: { from: 'contract' },
  },
  {
    entity: 'confirmationMail',
    personalData: false,
    category: 'confirmation mails',
    purpose:
      'The note that a contract’s confirmation (the Kündigungsbestätigung, a contract signed at home, an agreed amendment’s document) was mailed (when, and the message id), so that it goes out once; the address is not kept.',
    retention: 'As long as the contract’s partition: it goes with the contract.',
    reach: { from: 'contract' },
  },
  {
    entity: 'sealCertificate',
    personalData: false,
    category: 'seal certificates',
    purpose: 'The certificate of the studio’s sealing key, shared by every sealed PDF.',
    retention: 'As long as a document sealed with the key is kept.',
    reach: { from: 'nowhere', because: 'it is the studio’s, not a person’s' },
  },
  {
    entity: 'reminderMail',
    personalData: false,
    category: 'account',
    purpose:
      'The note that a reminder’s letter was mailed (when, and the message id), so that it goes out once; the address is not kept.',
    retention: 'As long as the contract’s partition: it goes with the contract.',
    reach: { from: 'contract' },
  },
] as const satisfies AreaItemKinds;
