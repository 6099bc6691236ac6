import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Amendment } from '#shared/contracts/amendments/amendment-schema.ts';
import { amendmentAsOf, dueScheduleOf, inForceOnContract } from '#shared/contracts/amendments/in-force.ts';
import { addDays, type CalendarDate, minimumTermEndsOn } from '#shared/contracts/dates.ts';
import type { StoredContract } from '#shared/contracts/schema.ts';
import { type BillingInterval, type DueContract, duesOf, proRataAmount } from '#shared/sepa/dues.ts';
import { periodStartOnOrAfter } from '#shared/sepa/periods.ts';

/* The arithmetic of amendments (docs/amendments.md): paused days, the fee, extended terms, new prices. */

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const item = (billingInterval: BillingInterval, cents: number) => ({
  serviceId: `svc-${billingInterval}`,
  name: 'Mitgliedschaft',
  billingInterval,
  quantity: 1,
  unitPrice: eur(cents),
  total: eur(cents),
  priceSteps: [],
});
const pause = (from: CalendarDate, lastDay: CalendarDate, fee = 0) => ({
  amendmentId: 'A1',
  from,
  lastDay,
  monthlyFee: eur(fee),
});
const contract = (overrides: Partial<DueContract>): DueContract => ({
  number: '2026-000001',
  items: [item('month', 4000)],
  startDate: '2026-01-01',
  endsOn: null,
  ...overrides,
});
/** [dueOn, the lines' amounts] of each due up to `to`. */
const charged = (input: DueContract, to: CalendarDate, from?: CalendarDate) =>
  duesOf(input, { to, ...(from ? { from } : {}) }).map((due) => [
    due.dueOn,
    due.lines.map((line) => line.amount.amount),
  ]);

describe('paused days are not charged, the fee is charged for them', () => {
  it.each([
    {
      case: '§17’s example: 14 days in March with a fee of 5.00 €',
      input: contract({ pauses: [pause('2026-03-10', '2026-03-23', 500)] }),
      to: '2026-04-01',
      from: '2026-03-01',
      expected: [
        ['2026-03-01', [2194, 226]],
        ['2026-04-01', [4000]],
      ],
    },
    {
      case: 'across a month end',
      input: contract({ pauses: [pause('2026-03-25', '2026-04-05', 500)] }),
      to: '2026-05-01',
      from: '2026-03-01',
      expected: [
        ['2026-03-01', [3097, 113]],
        ['2026-04-01', [3333, 83]],
        ['2026-05-01', [4000]],
      ],
    },
    {
      case: 'a week of February',
      input: contract({ pauses: [pause('2026-02-10', '2026-02-16')] }),
      to: '2026-02-01',
      from: '2026-02-01',
      expected: [['2026-02-01', [3000]]],
    },
    {
      case: 'a week of a leap year’s February',
      input: contract({ startDate: '2028-01-01', pauses: [pause('2028-02-10', '2028-02-16')] }),
      to: '2028-02-01',
      from: '2028-02-01',
      expected: [['2028-02-01', [3034]]],
    },
    {
      case: 'whole periods: nothing but the fee',
      input: contract({ pauses: [pause('2026-03-01', '2026-04-30', 500)] }),
      to: '2026-05-01',
      from: '2026-03-01',
      expected: [
        ['2026-03-01', [0, 500]],
        ['2026-04-01', [0, 500]],
        ['2026-05-01', [4000]],
      ],
    },
    {
      case: 'one day',
      input: contract({ pauses: [pause('2026-03-10', '2026-03-10', 500)] }),
      to: '2026-03-01',
      from: '2026-03-01',
      expected: [['2026-03-01', [3871, 16]]],
    },
    {
      case: '366 days',
      input: contract({ pauses: [pause('2026-03-01', '2027-03-01')] }),
      to: '2027-04-01',
      from: '2027-02-01',
      expected: [
        ['2027-02-01', [0]],
        ['2027-03-01', [3871]],
        ['2027-04-01', [4000]],
      ],
    },
    {
      case: 'weekly: a pause over two weeks',
      input: contract({
        startDate: '2026-01-05',
        items: [item('week', 1000)],
        pauses: [pause('2026-01-14', '2026-01-20')],
      }),
      to: '2026-01-26',
      from: '2026-01-12',
      expected: [
        ['2026-01-12', [286]],
        ['2026-01-19', [714]],
        ['2026-01-26', [1000]],
      ],
    },
    {
      case: 'quarterly: February paused',
      input: contract({ items: [item('quarter', 9000)], pauses: [pause('2026-02-01', '2026-02-28')] }),
      to: '2026-04-01',
      expected: [
        ['2026-01-01', [6200]],
        ['2026-04-01', [9000]],
      ],
    },
    {
      case: 'yearly: June paused, a fee per month of the contract on the yearly due',
      input: contract({ items: [item('year', 48000)], pauses: [pause('2026-06-01', '2026-06-30', 500)] }),
      to: '2026-01-01',
      expected: [['2026-01-01', [44055, 500]]],
    },
    {
      case: 'a pause past the contract’s end counts to the end only',
      input: contract({ endsOn: '2026-03-15', pauses: [pause('2026-03-10', '2026-03-23', 500)] }),
      to: '2026-03-15',
      from: '2026-03-01',
      expected: [['2026-03-01', [1161, 97]]],
    },
  ])('$case', ({ input, to, from, expected }) => {
    expect(charged(input, to, from)).toEqual(expected);
  });

  it.each([
    [4000, 17, 31, 2194],
    [500, 14, 31, 226],
    [1, 1, 2, 1],
    [3, 1, 2, 2],
    [5, 1, 10, 1],
    [4, 1, 10, 0],
  ])('rounds %i × %i ÷ %i half up to %i cents', (amount, days, periodDays, cents) => {
    expect(proRataAmount(amount, days, periodDays)).toBe(cents);
  });
});

describe('the minimum term extended by pauses', () => {
  const term = {
    minimumTermMonths: 12,
    renewal: 'indefinite' as const,
    noticePeriod: { value: 1, unit: 'month' as const },
  };
  it.each([
    {
      case: '§17’s example',
      startDate: '2026-01-01',
      pauses: [['2026-03-10', '2026-03-23', true]],
      ends: '2027-01-14',
    },
    {
      case: 'a pause not extending',
      startDate: '2026-01-01',
      pauses: [['2026-03-10', '2026-03-23', false]],
      ends: '2026-12-31',
    },
    {
      case: 'one day from the 31st',
      startDate: '2026-01-31',
      months: 1,
      pauses: [['2026-02-01', '2026-02-01', true]],
      ends: '2026-03-01',
    },
    {
      case: 'a leap day start',
      startDate: '2024-02-29',
      pauses: [['2024-03-01', '2024-03-29', true]],
      ends: '2025-03-29',
    },
    {
      case: 'two pauses add up',
      startDate: '2026-01-01',
      pauses: [
        ['2026-03-01', '2026-03-10', true],
        ['2026-05-01', '2026-05-05', true],
      ],
      ends: '2027-01-15',
    },
    {
      case: '366 days into a leap year',
      startDate: '2026-01-01',
      months: 24,
      pauses: [['2026-03-01', '2027-03-01', true]],
      ends: '2028-12-31',
    },
    {
      case: 'a pause after the term ends (never offered so, counted as agreed)',
      startDate: '2026-01-01',
      pauses: [['2027-02-01', '2027-02-10', true]],
      ends: '2027-01-10',
    },
  ])('$case', ({ startDate, months, pauses, ends }) => {
    const extended = minimumTermEndsOn({
      ...term,
      startDate,
      minimumTermMonths: months ?? 12,
      pauses: pauses.map(([from, lastDay, extendsTerm]) => ({ from, lastDay, extendsTerm })) as never,
    });
    expect(extended).toBe(ends);
  });
});

describe('price steps and changes start on period starts', () => {
  it.each([
    ['month', '2026-01-31', '2026-03-02', '2026-03-31'],
    ['month', '2026-01-31', '2026-03-01', '2026-03-01'],
    ['week', '2026-01-05', '2026-01-13', '2026-01-19'],
    // 31 January + 3 months ends on 30 April (§ 188 Abs. 3 BGB): the next quarter starts on 1 May.
    ['quarter', '2026-01-31', '2026-02-15', '2026-05-01'],
    ['year', '2024-02-29', '2025-01-01', '2025-03-01'],
    ['year', '2026-01-01', '2027-01-01', '2027-01-01'],
  ] as const)('%s from %s: on or after %s the next start is %s', (interval, anchor, day, next) => {
    expect(periodStartOnOrAfter(anchor, interval, day)).toBe(next);
  });

  it('charges a price step and an agreed price change per interval from their period on', () => {
    const input = contract({
      items: [
        { ...item('month', 4000), priceSteps: [{ from: '2026-04-01', unitPrice: eur(4500) }] },
        { ...item('quarter', 9000), priceSteps: [{ from: '2026-07-01', unitPrice: eur(9900) }] },
      ],
    });
    expect(charged(input, '2026-07-01', '2026-03-01')).toEqual([
      ['2026-03-01', [4000]],
      ['2026-04-01', [4500]],
      ['2026-04-01', [9000]],
      ['2026-05-01', [4500]],
      ['2026-06-01', [4500]],
      ['2026-07-01', [4500]],
      ['2026-07-01', [9900]],
    ]);
  });
});

// A contract and amendments as the store keeps them, for the properties below.
const storedContract = (items = [item('month', 4000)]) =>
  ({
    number: '2026-000001',
    items,
    startDate: '2026-01-01',
    status: 'signed',
    renewal: 'indefinite',
    termination: null,
    withdrawal: null,
    minimumTermMonths: 12,
  }) as unknown as StoredContract;
const amendment = (status: Amendment['status'], kind: Amendment['kind'], from: CalendarDate, days: number) =>
  ({
    id: `A-${status}-${kind}`,
    number: '2026-000001-A1',
    kind,
    status,
    effectiveFrom: from,
    offerExpiresOn: from,
    lastDay: kind === 'pause' ? addDays(from, days - 1) : null,
    monthlyFee: kind === 'pause' ? eur(500) : null,
    extendsTerm: kind === 'pause',
    items: kind === 'pause' ? null : [item('month', 9999)],
    endedEarly: null,
  }) as unknown as Amendment;

const day = fc.integer({ min: 0, max: 700 }).map((offset) => addDays('2026-01-01', offset));

describe('properties', () => {
  it('charges each period its unpaused days’ price plus the fee of its paused days, each rounded half up', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 1, max: 366 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (from, days, price, fee) => {
          const lastDay = addDays(from, days - 1);
          const dues = duesOf(contract({ items: [item('month', price)], pauses: [pause(from, lastDay, fee)] }), {
            to: '2028-03-01',
          });
          for (const due of dues) {
            const periodDays = Math.round((Date.parse(due.periodEnd) - Date.parse(due.periodStart)) / 86_400_000) + 1;
            let paused = 0;
            for (let at = due.periodStart; at <= due.periodEnd; at = addDays(at, 1))
              if (at >= from && at <= lastDay) paused++;
            const expected =
              proRataAmount(price, periodDays - paused, periodDays) +
              (paused > 0 && fee > 0 ? proRataAmount(fee, paused, periodDays) : 0);
            expect(due.amount.amount).toBe(expected);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('an offered, declined, expired or cancelled amendment changes no due and no date', () => {
    const statuses = fc.constantFrom<Amendment['status']>('offered', 'declined', 'expired', 'cancelled');
    const kinds = fc.constantFrom<Amendment['kind']>('pause', 'price', 'items');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(statuses, kinds, day, fc.integer({ min: 1, max: 366 })), { maxLength: 4 }),
        (offers) => {
          const base = storedContract();
          const amendments = offers.map(([status, kind, from, days]) => amendment(status, kind, from, days));
          const unchanged = duesOf({ ...base, endsOn: null }, { to: '2028-01-01' });
          const amended = { ...base, ...inForceOnContract(amendments) };
          expect(duesOf({ ...base, endsOn: null, ...dueScheduleOf(amended) }, { to: '2028-01-01' })).toEqual(unchanged);
          expect(inForceOnContract(amendments)).toEqual({ pauses: [], amendments: [] });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('an offer reads expired only after its last day', () => {
    const offered = amendment('offered', 'pause', '2026-03-10', 3);
    expect(amendmentAsOf(offered, '2026-03-10').status).toBe('offered');
    expect(amendmentAsOf(offered, '2026-03-11').status).toBe('expired');
    expect(amendmentAsOf({ ...offered, status: 'agreed' }, '2027-01-01').status).toBe('agreed');
  });
});
