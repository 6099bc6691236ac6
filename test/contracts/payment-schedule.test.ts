import { describe, expect, it } from 'vitest';
import { paymentScheduleOf } from '#shared/contracts/dues/payment-schedule.ts';
import type { BillingInterval } from '#shared/sepa/dues.ts';

// The schedule the PDF copy announces as the pre-notification, as the dues engine computes the dues.
const euro = (amount: number) => ({ amount, currency: 'EUR' });
const item = (billingInterval: BillingInterval, amount: number, name = 'Mitgliedschaft') => ({
  serviceId: `service-${billingInterval}`,
  name,
  billingInterval,
  total: euro(amount),
});
const contract = (startDate: string, items: ReturnType<typeof item>[], endsOn: string | null = null) => ({
  number: '2027-000001',
  items,
  startDate,
  endsOn,
});

describe('the payment schedule (pre-notification)', () => {
  it('names the first dues of the start day, then the monthly amount on the start’s day number', () => {
    const schedule = paymentScheduleOf(contract('2027-01-01', [item('month', 4900), item('once', 2900, 'Aufnahme')]));

    expect(schedule.firstDues).toEqual([
      { dueOn: '2027-01-01', amount: euro(2900), interval: 'once', proRata: false },
      { dueOn: '2027-01-01', amount: euro(4900), interval: 'month', proRata: false },
    ]);
    expect(schedule.recurring).toEqual([
      { interval: 'month', amount: euro(4900), firstDueOn: '2027-01-01', fallsBack: false },
    ]);
    expect(schedule.lastDue).toBeNull();
  });

  it('says that a start on the 31st falls back to the 1st in a month without one, as the engine counts (§ 188 Abs. 3 BGB)', () => {
    const schedule = paymentScheduleOf(contract('2027-01-31', [item('month', 4900)]));

    expect(schedule.recurring).toEqual([
      { interval: 'month', amount: euro(4900), firstDueOn: '2027-01-31', fallsBack: true },
    ]);
  });

  it('finds the fallback of a yearly due from 29 February, and none for a weekly one', () => {
    const schedule = paymentScheduleOf(contract('2028-02-29', [item('year', 48000), item('week', 1500)]));

    expect(schedule.recurring).toEqual([
      { interval: 'week', amount: euro(1500), firstDueOn: '2028-02-29', fallsBack: false },
      { interval: 'year', amount: euro(48000), firstDueOn: '2028-02-29', fallsBack: true },
    ]);
  });

  it('ends with the last due pro rata when the contract ends inside a period', () => {
    const schedule = paymentScheduleOf(contract('2027-01-01', [item('month', 3100)], '2027-03-15'));

    expect(schedule.lastDue).toEqual({ dueOn: '2027-03-01', amount: euro(1500), interval: 'month', proRata: true });
  });

  it('announces nothing for a contract that ends before it starts', () => {
    expect(paymentScheduleOf(contract('2027-01-01', [item('month', 4900)], '2026-12-31'))).toEqual({
      firstDues: [],
      recurring: [],
      priceChanges: [],
      lastDue: null,
    });
  });

  it('names no price change for a contract at one price', () => {
    expect(paymentScheduleOf(contract('2027-01-01', [item('month', 4900)])).priceChanges).toEqual([]);
  });

  it('names each price step agreed at signing from its period on, even one beyond two years', () => {
    const stepped = {
      ...item('month', 4000),
      quantity: 1,
      priceSteps: [
        { from: '2028-01-01', unitPrice: euro(4500) },
        { from: '2030-01-01', unitPrice: euro(5000) },
      ],
    };

    const schedule = paymentScheduleOf(contract('2027-01-01', [stepped]));

    expect(schedule.recurring).toEqual([
      { interval: 'month', amount: euro(4000), firstDueOn: '2027-01-01', fallsBack: false },
    ]);
    expect(schedule.priceChanges).toEqual([
      { interval: 'month', from: '2028-01-01', amount: euro(4500) },
      { interval: 'month', from: '2030-01-01', amount: euro(5000) },
    ]);
  });

  it('names an agreed change of the items from its period on, and no change for a paused month', () => {
    const schedule = paymentScheduleOf({
      ...contract('2027-01-01', [item('month', 4000)]),
      itemChanges: [{ from: '2027-06-01', items: [item('month', 5500, 'Premium')] }],
      pauses: [{ amendmentId: 'pause', from: '2027-03-10', lastDay: '2027-03-23', monthlyFee: euro(0) }],
    });

    expect(schedule.priceChanges).toEqual([{ interval: 'month', from: '2027-06-01', amount: euro(5500) }]);
  });
});
