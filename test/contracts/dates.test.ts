import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  type CalendarDate,
  compareDates,
  earliestEndOn,
  isCalendarDate,
  isTimeZone,
  maxNoticeValue,
  minimumTermEndsOn,
  type NoticePeriod,
  noticeReachedOn,
  noticeUnits,
  type Term,
  todayIn,
} from '#shared/contracts/dates.ts';
import { describeTerm, formatGermanDate } from '#shared/contracts/term-sentences.ts';

/**
 * The contract date rules (§§ 187, 188 BGB; docs/decisions.md, "Contract term"). The property tests check the
 * module against JavaScript's own Date as an independent calendar.
 */

const term = (overrides: Partial<Term> = {}): Term => ({
  startDate: '2026-01-15',
  minimumTermMonths: 12,
  renewal: 'indefinite',
  noticePeriod: { value: 1, unit: 'month' },
  ...overrides,
});

// Independent of the module: JavaScript's Date reads a UTC date and counts days.
const utc = (date: CalendarDate) => new Date(`${date}T00:00:00Z`);
const daysBetween = (from: CalendarDate, to: CalendarDate) => (utc(to).getTime() - utc(from).getTime()) / 86_400_000;
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const anyDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const anyNotice: fc.Arbitrary<NoticePeriod> = fc
  .constantFrom(...noticeUnits)
  .chain((unit) => fc.record({ value: fc.integer({ min: 0, max: maxNoticeValue[unit] }), unit: fc.constant(unit) }));
const anyTerm = (renewal: Term['renewal']): fc.Arbitrary<Term> =>
  fc.record({
    startDate: anyDate,
    minimumTermMonths: fc.integer({ min: renewal === 'none' ? 1 : 0, max: 24 }),
    renewal: fc.constant(renewal),
    noticePeriod: anyNotice,
  });
const later = (a: CalendarDate, b: CalendarDate) => (compareDates(a, b) >= 0 ? a : b);

describe('the earliest end (the example table of docs/openapi/contracts.ts)', () => {
  it.each([
    { startDate: '2026-01-15', months: 12, notice: '1 month', received: '2026-12-14', end: '2027-01-14' },
    { startDate: '2026-01-15', months: 12, notice: '1 month', received: '2026-12-15', end: '2027-01-15' },
    { startDate: '2026-01-31', months: 1, notice: '1 month', received: '2026-01-31', end: '2026-02-28' },
    { startDate: '2024-02-29', months: 12, notice: '2 week', received: '2024-03-01', end: '2025-02-28' },
    { startDate: '2026-03-01', months: 0, notice: '14 day', received: '2026-05-20', end: '2026-06-03' },
    { startDate: '2026-01-01', months: 24, notice: '1 month', received: '2027-12-31', end: '2028-01-31' },
  ])('starting $startDate for $months months with $notice notice, received $received, ends $end', (row) => {
    const [value, unit] = row.notice.split(' ') as [string, NoticePeriod['unit']];
    const contract = term({
      startDate: row.startDate,
      minimumTermMonths: row.months,
      noticePeriod: { value: Number(value), unit },
    });

    expect(earliestEndOn(contract, row.received)).toBe(row.end);
  });

  it('is the minimum term end for renewal "none", whenever the notice is received', () => {
    const contract = term({ renewal: 'none' });

    expect(earliestEndOn(contract, '2026-01-20')).toBe('2027-01-14');
    expect(earliestEndOn(contract, '2026-12-31')).toBe('2027-01-14');
  });

  it('is never before the start, even for a notice received long before it', () => {
    const contract = term({ startDate: '2026-06-01', minimumTermMonths: 0, noticePeriod: { value: 14, unit: 'day' } });

    expect(earliestEndOn(contract, '2026-01-10')).toBe('2026-06-01');
  });

  it('refuses renewal "none" without a minimum term, which the API never stores', () => {
    expect(() => earliestEndOn(term({ renewal: 'none', minimumTermMonths: 0 }), '2026-02-01')).toThrow(RangeError);
  });

  it('refuses a receipt day that is no calendar date', () => {
    expect(() => earliestEndOn(term(), '2026-02-30')).toThrow(RangeError);
  });
});

describe('the minimum term end (§ 187 Abs. 2, § 188 Abs. 2 and 3 BGB)', () => {
  it.each([
    ['2026-01-15', 12, '2027-01-14'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-01-30', 1, '2024-02-29'],
    ['2026-01-01', 24, '2027-12-31'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-12-01', 1, '2026-12-31'],
  ])('starting %s for %i months ends on %s', (startDate, minimumTermMonths, end) => {
    expect(minimumTermEndsOn(term({ startDate, minimumTermMonths }))).toBe(end);
  });

  it('is null without a minimum term', () => {
    expect(minimumTermEndsOn(term({ minimumTermMonths: 0 }))).toBeNull();
  });
});

describe('the day a notice reaches (§ 187 Abs. 1, § 188 BGB)', () => {
  it.each([
    ['2026-12-15', { value: 1, unit: 'month' }, '2027-01-15'],
    ['2026-01-31', { value: 1, unit: 'month' }, '2026-02-28'],
    ['2024-01-31', { value: 1, unit: 'month' }, '2024-02-29'],
    ['2026-05-20', { value: 14, unit: 'day' }, '2026-06-03'],
    ['2026-12-25', { value: 2, unit: 'week' }, '2027-01-08'],
    ['2026-05-20', { value: 0, unit: 'day' }, '2026-05-20'],
  ] as const)('received %s with %o notice reaches %s', (receivedOn, notice, reached) => {
    expect(noticeReachedOn(receivedOn, notice)).toBe(reached);
  });

  it('would pass one month with 29 days, which is why 28 is the bound', () => {
    expect(noticeReachedOn('2026-01-31', { value: 29, unit: 'day' })).toBe('2026-03-01');
    expect(noticeReachedOn('2026-01-31', { value: 1, unit: 'month' })).toBe('2026-02-28');
  });
});

describe('calendar dates', () => {
  it.each(['2026-01-01', '2024-02-29', '2000-02-29', '2026-12-31', '0000-01-01', '9999-12-31'])('%s is one', (date) => {
    expect(isCalendarDate(date)).toBe(true);
  });

  it.each([
    '2026-02-30',
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-5',
    '26-01-05',
    '2026-01-05T00:00:00Z',
    ' 2026-01-05',
    '',
  ])('%o is none', (text) => {
    expect(isCalendarDate(text)).toBe(false);
  });

  it('counts days across the year 100, where Date.UTC would read two-digit years as 19xx', () => {
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
  });

  it('refuses a result that cannot be written with four digits', () => {
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
  });
});

describe('today in the studio time zone', () => {
  it('is already the new year in Berlin at 23:30 UTC on New Year’s Eve', () => {
    expect(todayIn('Europe/Berlin', new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
  });

  it('is still the old day in New York at 03:00 UTC', () => {
    expect(todayIn('America/New_York', new Date('2026-03-01T03:00:00Z'))).toBe('2026-02-28');
  });

  it('answers each zone and instant for itself when asked again and again (the last answer is kept)', () => {
    const at = new Date('2026-06-15T11:30:00Z');
    const asked = ['Pacific/Kiritimati', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Pacific/Kiritimati'].map((zone) =>
      todayIn(zone, at),
    );

    expect(asked).toEqual(['2026-06-16', '2026-06-16', '2026-06-15', '2026-06-16']);
    expect(todayIn('Pacific/Kiritimati', new Date('2026-06-15T09:59:59Z'))).toBe('2026-06-15');
  });

  it('agrees with Intl’s calendar date every 113 minutes of 2026 in zones with odd offsets and daylight saving', () => {
    const zones = [
      'Europe/Berlin',
      'America/New_York',
      'America/St_Johns',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'UTC',
    ];
    const start = Date.parse('2026-01-01T00:00:00Z');
    const end = Date.parse('2027-01-01T00:00:00Z');
    for (const zone of zones) {
      const intl = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      const disagreements: string[] = [];
      for (let at = start; at < end; at += 113 * 60_000) {
        const instant = new Date(at);
        if (todayIn(zone, instant) !== intl.format(instant)) disagreements.push(instant.toISOString());
      }

      expect(disagreements, zone).toEqual([]);
    }
  }, 30_000);

  it('agrees with Intl every 30 s from a daylight-saving change through the next local midnight (the offset is kept per minute)', () => {
    const changes = [
      { zone: 'Europe/Berlin', at: '2026-03-29T01:00:00Z' },
      { zone: 'Australia/Lord_Howe', at: '2026-04-04T15:00:00Z' }, // half an hour back
      { zone: 'America/Santiago', at: '2026-09-06T04:00:00Z' }, // midnight becomes 01:00
    ];
    for (const { zone, at } of changes) {
      const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
      const date = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      const from = Date.parse(at) - 3 * 60_000;
      // Past the next local midnight: an offset kept too long shows there, as a wrong date.
      const to = Date.parse(at) + 26 * 3_600_000;
      // The window holds a change, or the check below could not fail.
      expect(offset.format(new Date(from)), zone).not.toBe(offset.format(new Date(to)));
      const disagreements: string[] = [];
      // Read after read in this zone, then with another zone asked between (as a list of studios' contracts would).
      for (const between of [null, 'Pacific/Kiritimati']) {
        for (let instant = from; instant <= to; instant += 30_000) {
          if (between) todayIn(between, new Date(instant));
          if (todayIn(zone, new Date(instant)) !== date.format(new Date(instant)))
            disagreements.push(new Date(instant).toISOString());
        }
      }
      expect(disagreements, zone).toEqual([]);
    }
  });

  it('leaves the process’s TZ as it was, set or unset', () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = ':UTC';
      todayIn('Asia/Kolkata');
      expect(process.env.TZ).toBe(':UTC');
      delete process.env.TZ;
      todayIn('Asia/Kolkata');
      expect('TZ' in process.env).toBe(false);
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it.each(['Europe/Berlin', 'America/New_York', 'UTC', 'Etc/UTC', 'Asia/Kolkata'])('knows %s', (name) => {
    expect(isTimeZone(name)).toBe(true);
  });

  it.each(['Mars/Olympus_Mons', 'europe/berlin', '+01:00', 'GMT+1', 'Europe/Berlin ', ''])('refuses %o', (name) => {
    expect(isTimeZone(name)).toBe(false);
  });
});

describe('properties for any contract and any receipt day', () => {
  it('an indefinite contract ends no earlier than the notice reaches, the minimum term ends and it starts', () => {
    fc.assert(
      fc.property(anyTerm('indefinite'), anyDate, (contract, receivedOn) => {
        const end = earliestEndOn(contract, receivedOn);
        const noticeEnd = noticeReachedOn(receivedOn, contract.noticePeriod);
        const termEnd = minimumTermEndsOn(contract);

        expect(compareDates(end, noticeEnd)).toBeGreaterThanOrEqual(0);
        expect(compareDates(end, contract.startDate)).toBeGreaterThanOrEqual(0);
        if (termEnd !== null) expect(compareDates(end, termEnd)).toBeGreaterThanOrEqual(0);
        // … and no later than it has to.
        expect(end).toBe(later(later(noticeEnd, contract.startDate), termEnd ?? contract.startDate));
      }),
    );
  });

  it('a contract with renewal "none" ends on its minimum term end', () => {
    fc.assert(
      fc.property(anyTerm('none'), anyDate, (contract, receivedOn) => {
        expect(earliestEndOn(contract, receivedOn)).toBe(minimumTermEndsOn(contract));
      }),
    );
  });

  it('a notice in days or weeks counts whole days after the day of receipt', () => {
    fc.assert(
      fc.property(
        anyDate,
        fc.integer({ min: 0, max: 28 }),
        fc.integer({ min: 0, max: 4 }),
        (receivedOn, days, weeks) => {
          expect(daysBetween(receivedOn, noticeReachedOn(receivedOn, { value: days, unit: 'day' }))).toBe(days);
          expect(daysBetween(receivedOn, noticeReachedOn(receivedOn, { value: weeks, unit: 'week' }))).toBe(weeks * 7);
        },
      ),
    );
  });

  it('the largest notice of every unit never reaches past one month after receipt', () => {
    fc.assert(
      fc.property(anyDate, fc.constantFrom(...noticeUnits), (receivedOn, unit) => {
        const oneMonth = noticeReachedOn(receivedOn, { value: 1, unit: 'month' });
        const longest = noticeReachedOn(receivedOn, { value: maxNoticeValue[unit], unit });

        expect(compareDates(longest, oneMonth)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('months added to the 29th–31st land on the same day, or on the month’s last day where it is missing', () => {
    const lateInMonth = fc.tuple(anyDate, fc.integer({ min: 29, max: 31 })).map(([date, day]) => {
      const [year, month] = date.split('-').map(Number) as [number, number];
      return `${date.slice(0, 8)}${String(Math.min(day, lastDayOf(year, month))).padStart(2, '0')}`;
    });
    fc.assert(
      fc.property(lateInMonth, fc.integer({ min: 0, max: 24 }), (date, months) => {
        const [year, month, day] = date.split('-').map(Number) as [number, number, number];
        const target = new Date(Date.UTC(year, month - 1 + months, 1));
        const last = lastDayOf(target.getUTCFullYear(), target.getUTCMonth() + 1);
        const expected = `${target.toISOString().slice(0, 8)}${String(Math.min(day, last)).padStart(2, '0')}`;

        expect(addMonths(date, months)).toBe(expected);
        expect(noticeReachedOn(date, { value: months, unit: 'month' })).toBe(expected);
      }),
    );
  });

  it('the day after the minimum term end has the start’s number, or is the 1st where the month lacks it', () => {
    fc.assert(
      fc.property(anyTerm('indefinite'), fc.integer({ min: 1, max: 24 }), (contract, minimumTermMonths) => {
        const end = minimumTermEndsOn({ ...contract, minimumTermMonths }) as CalendarDate;
        const [year, month, day] = contract.startDate.split('-').map(Number) as [number, number, number];
        const target = new Date(Date.UTC(year, month - 1 + minimumTermMonths, 1));
        const targetHasDay = day <= lastDayOf(target.getUTCFullYear(), target.getUTCMonth() + 1);
        const dayAfter = new Date(utc(end).getTime() + 86_400_000).toISOString().slice(0, 10);

        if (targetHasDay) expect(dayAfter).toBe(`${target.toISOString().slice(0, 8)}${String(day).padStart(2, '0')}`);
        else expect(dayAfter.slice(8)).toBe('01');
      }),
    );
  });

  it('every result is a real calendar date', () => {
    fc.assert(
      fc.property(fc.oneof(anyTerm('indefinite'), anyTerm('none')), anyDate, (contract, receivedOn) => {
        const results = [
          earliestEndOn(contract, receivedOn),
          noticeReachedOn(receivedOn, contract.noticePeriod),
          minimumTermEndsOn(contract) ?? receivedOn,
        ];
        for (const date of results) expect(isCalendarDate(date)).toBe(true);
      }),
    );
  });

  it('a text is a calendar date exactly when Date reads it back unchanged', () => {
    const candidate = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(candidate, (text) => {
        const read = new Date(`${text}T00:00:00Z`);
        const readsBack = !Number.isNaN(read.getTime()) && read.toISOString().slice(0, 10) === text;

        expect(isCalendarDate(text)).toBe(readsBack);
      }),
    );
  });
});

describe('the term in plain German', () => {
  it('describes a 12-month contract that then runs on indefinitely', () => {
    const contract = term();

    expect(describeTerm({ ...contract, minimumTermEndsOn: minimumTermEndsOn(contract) })).toEqual({
      minimumTerm: 'Mindestlaufzeit: 12 Monate, vom 15.01.2026 bis 14.01.2027.',
      renewal:
        'Nach Ablauf der Mindestlaufzeit läuft der Vertrag auf unbestimmte Zeit weiter und kann jederzeit mit einer ' +
        'Frist von 1 Monat gekündigt werden. Eine Kündigung ist auch schon während der Mindestlaufzeit möglich; ' +
        'der Vertrag endet dann frühestens am 14.01.2027.',
      notice: 'Kündigungsfrist: 1 Monat ab Eingang der Kündigung.',
    });
  });

  it('describes a contract without minimum term and with 14 days’ notice', () => {
    const contract = term({ startDate: '2026-03-01', minimumTermMonths: 0, noticePeriod: { value: 14, unit: 'day' } });

    expect(describeTerm({ ...contract, minimumTermEndsOn: null })).toEqual({
      minimumTerm: 'Keine Mindestlaufzeit.',
      renewal:
        'Der Vertrag läuft auf unbestimmte Zeit und kann jederzeit mit einer Frist von 14 Tagen gekündigt werden.',
      notice: 'Kündigungsfrist: 14 Tage ab Eingang der Kündigung.',
    });
  });

  it('describes a one-month contract that ends by itself', () => {
    const contract = term({ startDate: '2026-01-31', minimumTermMonths: 1, renewal: 'none' });

    expect(describeTerm({ ...contract, minimumTermEndsOn: '2026-02-28' })).toEqual({
      minimumTerm: 'Mindestlaufzeit: 1 Monat, vom 31.01.2026 bis 28.02.2026.',
      renewal:
        'Der Vertrag endet von selbst mit Ablauf der Mindestlaufzeit am 28.02.2026; eine Kündigung ist nicht nötig.',
      notice: 'Keine Kündigungsfrist, da der Vertrag von selbst endet.',
    });
  });

  it.each([
    [{ value: 1, unit: 'day' }, '1 Tag', '1 Tag'],
    [{ value: 2, unit: 'day' }, '2 Tage', '2 Tagen'],
    [{ value: 1, unit: 'week' }, '1 Woche', '1 Woche'],
    [{ value: 2, unit: 'week' }, '2 Wochen', '2 Wochen'],
    [{ value: 1, unit: 'month' }, '1 Monat', '1 Monat'],
  ] as const)('names a notice of %o as „%s“ and „mit einer Frist von %s“', (noticePeriod, named, afterVon) => {
    const sentences = describeTerm({ ...term({ minimumTermMonths: 0, noticePeriod }), minimumTermEndsOn: null });

    expect(sentences.notice).toBe(`Kündigungsfrist: ${named} ab Eingang der Kündigung.`);
    expect(sentences.renewal).toContain(`mit einer Frist von ${afterVon} gekündigt werden.`);
  });

  it('says there is no notice period when the notice is 0', () => {
    const sentences = describeTerm({
      ...term({ minimumTermMonths: 0, noticePeriod: { value: 0, unit: 'week' } }),
      minimumTermEndsOn: null,
    });

    expect(sentences.notice).toBe('Keine Kündigungsfrist.');
    expect(sentences.renewal).toBe(
      'Der Vertrag läuft auf unbestimmte Zeit und kann jederzeit ohne Kündigungsfrist gekündigt werden.',
    );
  });

  it('writes dates as German readers do', () => {
    expect(formatGermanDate('2027-01-04')).toBe('04.01.2027');
  });
});
