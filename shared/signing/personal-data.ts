import type { AreaItemKinds } from '../privacy/item-kind.ts';

/** The signing sessions' items (shared/signing/entity.ts) under the GDPR: see shared/privacy/item-kind.ts. */
export const itemKinds = [
  {
    entity: 'signingSession',
    personalData: false,
    category: 'signing sessions',
    purpose: 'A tablet’s right to sign one contract once: ids, the token’s hash, the document hash and times only.',
    retention: 'Expires (time to live) 15 minutes after its use or at its end of validity.',
    reach: { from: 'nowhere', because: 'found by its token’s hash only; it expires within hours' },
  },
  {
    entity: 'currentSigningSession',
    personalData: false,
    category: 'signing sessions',
    purpose:
      'Names the current signing session of a contract and role, or of an amendment (ids and the token’s hash only).',
    retention: 'Expires with its session.',
    reach: { from: 'signing' },
  },
] as const satisfies AreaItemKinds;
