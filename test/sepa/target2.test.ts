import { describe, expect, it } from 'vitest';
import {
  businessDayOnOrAfter,
  collectionDateProblem,
  earliestCollectionDate,
  easterSunday,
  isTarget2BusinessDay,
  mayCollectOn,
  nextBusinessDay,
  target2Holidays,
} from '#shared/sepa/target2.ts';

/** The TARGET2 calendar the collection date is checked against (docs/sepa.md). */

describe('the TARGET2 calendar', () => {
  it.each([
    [2025, '2025-04-20', '2025-04-18', '2025-04-21'],
    [2026, '2026-04-05', '2026-04-03', '2026-04-06'],
    [2027, '2027-03-28', '2027-03-26', '2027-03-29'],
    [2028, '2028-04-16', '2028-04-14', '2028-04-17'],
    [2029, '2029-04-01', '2029-03-30', '2029-04-02'],
    [2030, '2030-04-21', '2030-04-19', '2030-04-22'],
  ])('Easter %i is on %s, Good Friday %s, Easter Monday %s', (year, easter, goodFriday, easterMonday) => {
    expect(easterSunday(year)).toBe(easter);
    expect(target2Holidays(year)).toEqual(expect.arrayContaining([goodFriday, easterMonday]));
  });

  it('knows Easter in years the algorithm finds hard (1818, 2285, 2038)', () => {
    expect([easterSunday(1818), easterSunday(2285), easterSunday(2038)]).toEqual([
      '1818-03-22',
      '2285-03-22',
      '2038-04-25',
    ]);
  });

  it.each([
    ['New Year', '2027-01-01'],
    ['Good Friday', '2027-03-26'],
    ['Easter Monday', '2027-03-29'],
    ['Labour Day', '2026-05-01'],
    ['Christmas Day', '2026-12-25'],
    ['Boxing Day', '2028-12-26'],
    ['a Saturday', '2026-11-28'],
    ['a Sunday', '2026-11-29'],
  ])('refuses %s (%s)', (_, date) => {
    expect(isTarget2BusinessDay(date)).toBe(false);
    expect(collectionDateProblem(date, '2026-01-01')).toBe('not-a-business-day');
  });

  it('refuses every listed closing day of 2025–2030 that falls on a weekday', () => {
    for (let year = 2025; year <= 2030; year += 1) {
      for (const holiday of target2Holidays(year)) expect(isTarget2BusinessDay(holiday), holiday).toBe(false);
    }
  });

  it.each([
    ['an ordinary Monday', '2026-11-30'],
    ['3 October, a German holiday but not TARGET2’s', '2028-10-03'],
    ['24 December on a weekday', '2026-12-24'],
    ['Whit Monday', '2026-05-25'],
  ])('accepts %s (%s)', (_, date) => {
    expect(isTarget2BusinessDay(date)).toBe(true);
  });

  it('moves to the next business day over weekends and Easter', () => {
    expect(nextBusinessDay('2027-03-25')).toBe('2027-03-30');
    expect(nextBusinessDay('2026-12-24')).toBe('2026-12-28');
    expect(nextBusinessDay('2026-11-27')).toBe('2026-11-30');
    expect(businessDayOnOrAfter('2026-11-30')).toBe('2026-11-30');
  });
});

describe('the collection date', () => {
  it('must be at least one business day after today', () => {
    expect(collectionDateProblem('2026-11-25', '2026-11-25')).toBe('too-early');
    expect(collectionDateProblem('2026-11-24', '2026-11-25')).toBe('too-early');
    expect(collectionDateProblem('2026-11-26', '2026-11-25')).toBeNull();
    // Asked on a Friday, Monday is the next business day.
    expect(collectionDateProblem('2026-11-30', '2026-11-27')).toBeNull();
    // Asked on the Thursday before Easter, Tuesday is the first possible day.
    expect(collectionDateProblem('2027-03-30', '2027-03-25')).toBeNull();
  });

  it('waits for each due until its pre-notification has run its days', () => {
    expect(mayCollectOn('2026-12-01', '2026-11-17', 14)).toBe(true);
    expect(mayCollectOn('2026-11-30', '2026-11-17', 14)).toBe(false);
    expect(mayCollectOn('2026-11-18', '2026-11-17', 1)).toBe(true);
  });

  it('is at the earliest the first business day both rules allow', () => {
    expect(earliestCollectionDate('2026-11-25', [], 14)).toBe('2026-11-26');
    expect(earliestCollectionDate('2026-11-25', ['2026-11-20', '2026-11-01'], 14)).toBe('2026-12-04');
    // 14 days after 12 December is Boxing Day, a Saturday: Monday 28 December.
    expect(earliestCollectionDate('2026-11-25', ['2026-12-12'], 14)).toBe('2026-12-28');
    expect(earliestCollectionDate('2026-12-23', ['2026-12-01'], 1)).toBe('2026-12-24');
  });
});
