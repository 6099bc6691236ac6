import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type CalendarDate, minimumTermEndsOn } from '#shared/contracts/dates.ts';
import type { ContractItem } from '#shared/contracts/schema.ts';
import { isSepaIdentifier } from '#shared/sepa/charset.ts';
import { type BillingInterval, type DueContract, type DueItem, duesOf, proRataAmount } from '#shared/sepa/dues.ts';
import { periodsFrom } from '#shared/sepa/periods.ts';
import { remittanceText } from '#shared/sepa/remittance.ts';

/** The dues (docs/sepa.md): per billing interval, in advance, periods anchored at the start (§§ 187, 188 BGB). */

// The contract's own items are what the dues are computed from.
const asDueItem = (item: ContractItem): DueItem => item;

const item = (billingInterval: BillingInterval, cents: number, serviceId = `svc-${billingInterval}`): DueItem =>
  asDueItem({
    serviceId,
    name: `Leistung ${serviceId}`,
    unitPrice: { amount: cents, currency: 'EUR' },
    billingInterval,
    quantity: 1,
    total: { amount: cents, currency: 'EUR' },
    priceSteps: [],
  });

const contract = (overrides: Partial<DueContract>): DueContract => ({
  number: '2026-000001',
  items: [item('month', 3999)],
  startDate: '2026-01-15',
  endsOn: null,
  ...overrides,
});

const schedule = (input: DueContract, to?: CalendarDate) =>
  duesOf(input, to ? { to } : {}).map((due) => [due.dueOn, due.periodEnd, due.amount.amount]);

describe('dues per billing interval', () => {
  it.each([
    {
      case: 'monthly from the 31st: February ends the first month, then the 30th and the 31st alternate',
      input: contract({ startDate: '2026-01-31' }),
      to: '2026-06-30',
      expected: [
        ['2026-01-31', '2026-02-28', 3999],
        ['2026-03-01', '2026-03-30', 3999],
        ['2026-03-31', '2026-04-30', 3999],
        ['2026-05-01', '2026-05-30', 3999],
        ['2026-05-31', '2026-06-30', 3999],
      ],
    },
    {
      case: 'monthly from the 31st in a leap year: the first month ends on 29 February',
      input: contract({ startDate: '2024-01-31' }),
      to: '2024-03-31',
      expected: [
        ['2024-01-31', '2024-02-29', 3999],
        ['2024-03-01', '2024-03-30', 3999],
        ['2024-03-31', '2024-04-30', 3999],
      ],
    },
    {
      case: 'yearly from 29 February: years end on 28 February, and 29 February comes back in 2028',
      input: contract({ startDate: '2024-02-29', items: [item('year', 48000)] }),
      to: '2028-03-01',
      expected: [
        ['2024-02-29', '2025-02-28', 48000],
        ['2025-03-01', '2026-02-28', 48000],
        ['2026-03-01', '2027-02-28', 48000],
        ['2027-03-01', '2028-02-28', 48000],
        ['2028-02-29', '2029-02-28', 48000],
      ],
    },
    {
      case: 'monthly from the 15th in February: no month is short',
      input: contract({ startDate: '2026-01-15' }),
      to: '2026-03-15',
      expected: [
        ['2026-01-15', '2026-02-14', 3999],
        ['2026-02-15', '2026-03-14', 3999],
        ['2026-03-15', '2026-04-14', 3999],
      ],
    },
    {
      case: 'weekly: seven days each, from the start day',
      input: contract({ startDate: '2026-01-01', items: [item('week', 1250)] }),
      to: '2026-01-29',
      expected: [
        ['2026-01-01', '2026-01-07', 1250],
        ['2026-01-08', '2026-01-14', 1250],
        ['2026-01-15', '2026-01-21', 1250],
        ['2026-01-22', '2026-01-28', 1250],
        ['2026-01-29', '2026-02-04', 1250],
      ],
    },
    {
      case: 'quarterly from 30 November: across February and a leap year',
      input: contract({ startDate: '2026-11-30', items: [item('quarter', 11000)] }),
      to: '2027-12-31',
      expected: [
        ['2026-11-30', '2027-02-28', 11000],
        ['2027-03-01', '2027-05-29', 11000],
        ['2027-05-30', '2027-08-29', 11000],
        ['2027-08-30', '2027-11-29', 11000],
        ['2027-11-30', '2028-02-29', 11000],
      ],
    },
    {
      case: 'terminated mid-period: the last month by its days (6 of 31), rounded to the cent',
      input: contract({ startDate: '2026-01-15', items: [item('month', 3000)], endsOn: '2026-03-20' }),
      to: undefined,
      expected: [
        ['2026-01-15', '2026-02-14', 3000],
        ['2026-02-15', '2026-03-14', 3000],
        ['2026-03-15', '2026-04-14', 581],
      ],
    },
    {
      case: 'ending mid-period on an exact half cent: rounded up',
      input: contract({ startDate: '2026-04-01', items: [item('month', 3999)], endsOn: '2026-04-15' }),
      to: undefined,
      expected: [['2026-04-01', '2026-04-30', 2000]],
    },
    {
      case: 'a yearly item ended after 90 of 365 days',
      input: contract({ startDate: '2026-01-01', items: [item('year', 36500)], endsOn: '2026-03-31' }),
      to: undefined,
      expected: [['2026-01-01', '2026-12-31', 9000]],
    },
    {
      case: 'ending on the last day of a period: that period in full, none after it',
      input: contract({ startDate: '2026-01-15', endsOn: '2026-02-14' }),
      to: '2027-01-01',
      expected: [['2026-01-15', '2026-02-14', 3999]],
    },
    {
      case: 'open-ended: periods up to `to`, a due on `to` included',
      input: contract({ startDate: '2026-01-15' }),
      to: '2026-02-15',
      expected: [
        ['2026-01-15', '2026-02-14', 3999],
        ['2026-02-15', '2026-03-14', 3999],
      ],
    },
  ])('$case', ({ input, to, expected }) => {
    expect(schedule(input, to)).toEqual(expected);
  });

  it('ends a contract without renewal on its minimum term end, with twelve full months and no `to`', () => {
    const startDate = '2026-01-31';
    const endsOn = minimumTermEndsOn({
      startDate,
      minimumTermMonths: 12,
      renewal: 'none',
      noticePeriod: { value: 1, unit: 'month' },
    });
    expect(endsOn).toBe('2027-01-30');
    const dues = duesOf(contract({ startDate, endsOn }));
    expect(dues).toHaveLength(12);
    expect(dues.every((due) => !due.proRata && due.amount.amount === 3999)).toBe(true);
    expect(dues.at(-1)).toMatchObject({ dueOn: '2026-12-31', periodEnd: '2027-01-30' });
  });

  it('needs a `to` for an open-ended contract', () => {
    expect(() => duesOf(contract({}))).toThrow(RangeError);
  });

  it('charges once items on the start date in full, and gives each interval its letter where they share a day', () => {
    const dues = duesOf(
      contract({
        items: [item('once', 4900), item('month', 3999), item('month', 1000, 'svc-sauna')],
        endsOn: '2026-02-20',
      }),
    );
    expect(dues.map((due) => [due.id, due.dueOn, due.amount.amount, due.lines.length])).toEqual([
      ['2026-000001-20260115-E', '2026-01-15', 4900, 1],
      ['2026-000001-20260115-M', '2026-01-15', 4999, 2],
      // 6 of 28 days: 3999 → 856.93 → 857, 1000 → 214.29 → 214; the lines add up to the due.
      ['2026-000001-20260215', '2026-02-15', 1071, 2],
    ]);
    expect(dues[2]?.lines.map((line) => line.amount.amount)).toEqual([857, 214]);
    expect(dues[0]).toMatchObject({ interval: 'once', periodStart: '2026-01-15', periodEnd: '2026-01-15' });
  });

  it('lists only dues from `from` on', () => {
    const dues = duesOf(contract({}), { from: '2026-03-01', to: '2026-05-31' });
    expect(dues.map((due) => due.dueOn)).toEqual(['2026-03-15', '2026-04-15', '2026-05-15']);
  });

  it('has no dues when the contract ends before it starts, or `to` is before the start', () => {
    expect(duesOf(contract({ endsOn: '2026-01-14' }))).toEqual([]);
    expect(duesOf(contract({}), { to: '2026-01-14' })).toEqual([]);
  });

  it('rounds half up in whole cents', () => {
    expect([proRataAmount(1, 1, 2), proRataAmount(3, 1, 2), proRataAmount(1, 1, 3), proRataAmount(2, 1, 3)]).toEqual([
      1, 2, 0, 1,
    ]);
  });

  it('writes the statement text with the period and the contract number', () => {
    const [first, second] = duesOf(contract({ items: [item('once', 100), item('month', 100)] }), { to: '2026-01-15' });
    expect(first && remittanceText(first, '2026-000001')).toBe('Einmalig 15.01.2026 Vertrag 2026-000001');
    expect(second && remittanceText(second, '2026-000001')).toBe('Beitrag 15.01.–14.02.2026 Vertrag 2026-000001');
  });

  it('covers every day from the start exactly once, with unique SEPA-safe ids, for any start and interval', () => {
    const anyStart = fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        anyStart,
        fc.constantFrom('week', 'month', 'quarter', 'year') as fc.Arbitrary<BillingInterval>,
        (startDate, interval) => {
          const dues = duesOf(contract({ startDate, number: '2099-999999', items: [item(interval, 999)] }), {
            to: addDays(startDate, 800),
          });
          expect(dues[0]?.periodStart).toBe(startDate);
          dues.forEach((due, index) => {
            expect(due.dueOn).toBe(due.periodStart);
            expect(due.periodEnd >= due.periodStart).toBe(true);
            expect(isSepaIdentifier(due.id)).toBe(true);
            const next = dues[index + 1];
            if (next) expect(next.periodStart).toBe(addDays(due.periodEnd, 1));
          });
          expect(new Set(dues.map((due) => due.id)).size).toBe(dues.length);
        },
      ),
    );
  });

  it('answers a from years after the start with the same dues as counting every period from the start', () => {
    const anyDay = (min: string, max: string) =>
      fc
        .date({ min: new Date(`${min}T00:00:00Z`), max: new Date(`${max}T00:00:00Z`), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        anyDay('2000-01-01', '2030-12-31'),
        fc.integer({ min: 0, max: 3000 }),
        fc.subarray(['once', 'week', 'month', 'quarter', 'year'] as const, { minLength: 1 }),
        (startDate, daysLater, intervals) => {
          const from = addDays(startDate, daysLater);
          const to = addDays(from, 400);
          const mixed = contract({ startDate, items: intervals.map((interval) => item(interval, 1001)) });
          const counted = duesOf(mixed, { to }).filter((due) => due.dueOn >= from);

          expect(duesOf(mixed, { from, to })).toEqual(counted);
        },
      ),
    );
  });

  it('computes the dues of a range far from the start without walking every period in between', () => {
    const weekly = contract({ startDate: '2027-01-01', items: [item('week', 100)] });

    const dues = duesOf(weekly, { from: '9995-01-01', to: '9999-12-20' });
    const periods = periodsFrom('2027-01-01', 'week', '9999-12-20', '9995-01-01');

    expect(dues).toHaveLength(259);
    expect(dues.every((due) => due.dueOn >= '9995-01-01')).toBe(true);
    // Counted from the anchor but begun near `from`: not the ~415,000 weeks since 2027 (a count, not a timing).
    expect(periods.length).toBeLessThanOrEqual(261);
    expect((periods[0]?.start ?? '') >= '9994-12-01').toBe(true);
  });
});
