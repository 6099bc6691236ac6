import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { todayIn } from '#shared/contracts/dates.ts';
import { withdrawalPeriodEndsOn } from '#shared/contracts/withdrawal/withdrawal-period.ts';

// § 355 Abs. 2, § 356 Abs. 2 Nr. 2, § 187 Abs. 1 BGB: the signing day in the studio's zone is not counted; fourteen days follow.
describe('the withdrawal period', () => {
  it.each([
    ['an ordinary fortnight', '2026-06-03T10:00:00Z', '2026-06-17'],
    ['across a month end', '2026-01-20T15:00:00Z', '2026-02-03'],
    ['across the end of February in a leap year', '2028-02-20T09:00:00Z', '2028-03-05'],
    ['across a year end', '2026-12-20T12:00:00Z', '2027-01-03'],
    ['across the change to summer time (29 March 2026)', '2026-03-20T11:00:00Z', '2026-04-03'],
    ['across the change back to winter time (25 October 2026)', '2026-10-20T11:00:00Z', '2026-11-03'],
  ])('ends on the fourteenth day after the signing day: %s', (_case, signedAt, periodEndsOn) => {
    expect(withdrawalPeriodEndsOn(new Date(signedAt), 'Europe/Berlin')).toBe(periodEndsOn);
  });

  it('counts from the studio’s day, not UTC’s, on the night summer time begins', () => {
    // 00:30 on 29 March in Berlin (still 28 March in UTC); the clocks jump at 02:00 that night.
    expect(withdrawalPeriodEndsOn(new Date('2026-03-28T23:30:00Z'), 'Europe/Berlin')).toBe('2026-04-12');
    // 23:30 on 28 March in Berlin.
    expect(withdrawalPeriodEndsOn(new Date('2026-03-28T22:30:00Z'), 'Europe/Berlin')).toBe('2026-04-11');
  });

  it('counts from the studio’s day on the night winter time returns', () => {
    // 00:30 on 25 October in Berlin, summer time (UTC+2): still 24 October in UTC.
    expect(withdrawalPeriodEndsOn(new Date('2026-10-24T22:30:00Z'), 'Europe/Berlin')).toBe('2026-11-08');
    // 23:30 on 25 October in Berlin, winter time again (UTC+1).
    expect(withdrawalPeriodEndsOn(new Date('2026-10-25T22:30:00Z'), 'Europe/Berlin')).toBe('2026-11-08');
  });

  it('counts from the last day of a month to the middle of the next', () => {
    // 00:15 on 1 February in Berlin is still 31 January in UTC.
    expect(withdrawalPeriodEndsOn(new Date('2026-01-31T23:15:00Z'), 'Europe/Berlin')).toBe('2026-02-15');
    expect(withdrawalPeriodEndsOn(new Date('2026-01-31T12:00:00Z'), 'Europe/Berlin')).toBe('2026-02-14');
  });

  it('is always 14 calendar days after the signing day in the zone, in any zone', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Pacific/Auckland', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (signedAt, zone) => {
          const signingDay = todayIn(zone, signedAt);
          const periodEndsOn = withdrawalPeriodEndsOn(signedAt, zone);
          const days = (Date.parse(`${periodEndsOn}T00:00:00Z`) - Date.parse(`${signingDay}T00:00:00Z`)) / 86_400_000;
          expect(days).toBe(14);
        },
      ),
    );
  });
});
