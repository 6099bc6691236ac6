import type { AreaItemKinds } from './item-kind.ts';

/** The privacy module's own items (shared/privacy/erasure-log.ts) under the GDPR: see item-kind.ts. */
export const itemKinds = [
  {
    entity: 'erasureLogEntry',
    personalData: false,
    category: 'erasure log',
    purpose:
      'Proves that a person was erased and lets the erasure be re-applied after a backup is restored: the contact’s id, when and why (request or retention) only.',
    retention: 'Kept: it holds no personal data.',
    reach: { from: 'nowhere', because: 'it is written once the person is gone' },
  },
] as const satisfies AreaItemKinds;
