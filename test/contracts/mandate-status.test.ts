import { describe, expect, it } from 'vitest';
import type { Mandate } from '#shared/contracts/mandates/mandate-schema.ts';
import { mandateAsOf } from '#shared/contracts/mandates/mandate-status.ts';

/** A mandate lapses after 36 months without a collection (docs/sepa.md): computed on reading, never stored. */
const mandate = (changes: Partial<Mandate>): Mandate => ({
  reference: '2026-000001-1',
  status: 'active',
  accountHolder: 'Max Mustermann',
  iban: 'DE89370400440532013000',
  bic: null,
  creditor: { name: 'Studio Mitte GmbH', creditorId: 'DE98ZZZ09999999999' },
  mandateHash: `sha256:${'0'.repeat(64)}`,
  signature: null,
  signedAt: '2026-01-31T10:00:00.000Z',
  revokedAt: null,
  revokedOn: null,
  revocationReason: null,
  lastCollectedOn: null,
  ...changes,
});

describe('a mandate as of a day', () => {
  it.each([
    ['collected 36 months ago to the day', { lastCollectedOn: '2024-03-15' }, '2027-03-15', 'active'],
    ['collected 36 months and a day ago', { lastCollectedOn: '2024-03-15' }, '2027-03-16', 'expired'],
    [
      'collected on 29 February, 2027 has no 29th: the 28th ends it',
      { lastCollectedOn: '2024-02-29' },
      '2027-02-28',
      'active',
    ],
    ['collected on 29 February, the day after that end', { lastCollectedOn: '2024-02-29' }, '2027-03-01', 'expired'],
    ['never collected: counted from its signing', {}, '2029-01-31', 'active'],
    ['never collected, 36 months and a day after signing', {}, '2029-02-01', 'expired'],
    ['a later collection counts, not the signing', { lastCollectedOn: '2028-06-01' }, '2029-02-01', 'active'],
  ] as const)('%s: %s on %s', (_what, changes, today, status) => {
    expect(mandateAsOf(mandate(changes), 'Europe/Berlin', today).status).toBe(status);
  });

  it('takes the day of signing in the studio’s zone: 23:30 UTC on 31 January is 1 February in Berlin', () => {
    const signed = mandate({ signedAt: '2026-01-31T23:30:00.000Z' });

    expect(mandateAsOf(signed, 'Europe/Berlin', '2029-02-01').status).toBe('active');
    expect(mandateAsOf(signed, 'UTC', '2029-02-01').status).toBe('expired');
  });

  it.each(['pending', 'revoked', 'replaced'] as const)('leaves a %s mandate as it is, however old', (status) => {
    expect(mandateAsOf(mandate({ status, lastCollectedOn: '2020-01-01' }), 'Europe/Berlin', '2030-01-01').status).toBe(
      status,
    );
  });
});
