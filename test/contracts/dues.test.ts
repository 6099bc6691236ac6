import { beforeAll, describe, expect, it } from 'vitest';
import { withStoredDues } from '#shared/contracts/dues/stored-dues.ts';
import { unique, useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { signaturePng } from '../support/images.ts';
import { useStudioProfile } from '../support/studio.ts';

// The dues of a contract (docs/sepa.md, "The dues route"): GET /api/contracts/:id/dues, computed from the contract.
const api = useApi();
useStudioProfile(api); // Europe/Berlin
const clock = useClock();

type Body = Record<string, unknown>;

const service = async (amount: number, billingInterval: string, name = unique('Mitgliedschaft ')) => {
  const response = await api.request('POST', '/api/services', {
    body: { name, price: { amount, currency: 'EUR' }, billingInterval },
  });
  return { id: response.body.id as string, name };
};

let contactId: string;
beforeAll(async () => {
  const contact = await api.request('POST', '/api/contacts', { body: { firstName: 'Erika', lastName: unique('M') } });
  contactId = contact.body.id;
});

const create = async (serviceIds: string[], term: Body) => {
  const response = await api.request('POST', '/api/contracts', {
    body: { contactId, items: serviceIds.map((serviceId) => ({ serviceId })), ...term },
  });
  expect(response.status).toBe(201);
  return response.body as { id: string; number: string; documentHash: string };
};

const dues = (id: string, query = '', as: 'owner' | 'staff' = 'staff') =>
  api.request('GET', `/api/contracts/${id}/dues${query ? `?${query}` : ''}`, { as });

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const uncollected = {
  status: 'planned' as const,
  collectionId: null,
  returnedOn: null,
  returnReason: null,
  representations: 0,
  collectable: true,
  preNotifiedOn: null,
};

describe('GET /api/contracts/:id/dues', () => {
  it('lists a monthly membership from the 31st month by month as §§ 187, 188 BGB count, each planned', async () => {
    clock.set('2027-01-10T09:00:00Z');
    const membership = await service(4900, 'month');
    const contract = await create([membership.id], { startDate: '2027-01-31' });

    const response = await dues(contract.id, 'to=2027-05-31');

    expect(response.status).toBe(200);
    const line = { serviceId: membership.id, name: membership.name, amount: eur(4900) };
    const due = (dueOn: string, periodEnd: string) => ({
      id: `${contract.number}-${dueOn.replaceAll('-', '')}`,
      dueOn,
      periodStart: dueOn,
      periodEnd,
      amount: eur(4900),
      lines: [line],
      ...uncollected,
    });
    expect(response.body).toEqual({
      items: [
        due('2027-01-31', '2027-02-28'),
        due('2027-03-01', '2027-03-30'),
        due('2027-03-31', '2027-04-30'),
        due('2027-05-01', '2027-05-30'),
        due('2027-05-31', '2027-06-30'),
      ],
    });
    const later = await dues(contract.id, 'from=2027-03-02&to=2027-05-01');
    expect(later.body.items.map((item: { dueOn: string }) => item.dueOn)).toEqual(['2027-03-31', '2027-05-01']);
  });

  it('lists an open-ended contract up to one year after today in the studio’s zone when no to is given', async () => {
    clock.set('2026-12-30T23:30:00Z'); // 31 December 00:30 in Berlin
    const membership = await service(4900, 'month');
    const contract = await create([membership.id], { startDate: '2027-01-31' });

    const items = (await dues(contract.id)).body.items as { dueOn: string }[];

    expect(items).toHaveLength(12);
    expect(items.at(-1)?.dueOn).toBe('2027-12-31');
  });

  it('charges a once item in full on the start date, beside the first monthly due', async () => {
    clock.set('2027-01-10T09:00:00Z');
    const membership = await service(4900, 'month');
    const fee = await service(2900, 'once', unique('Aufnahmegebühr '));
    const contract = await create([membership.id, fee.id], { startDate: '2027-02-01' });

    const response = await dues(contract.id, 'to=2027-03-01');

    expect(response.body.items).toEqual([
      {
        id: `${contract.number}-20270201-E`,
        dueOn: '2027-02-01',
        periodStart: '2027-02-01',
        periodEnd: '2027-02-01',
        amount: eur(2900),
        lines: [{ serviceId: fee.id, name: fee.name, amount: eur(2900) }],
        ...uncollected,
      },
      expect.objectContaining({ id: `${contract.number}-20270201-M`, periodEnd: '2027-02-28', amount: eur(4900) }),
      expect.objectContaining({ id: `${contract.number}-20270301`, periodEnd: '2027-03-31', amount: eur(4900) }),
    ]);
  });

  it('charges the period in which a terminated contract ends by its days, half a cent rounded up, and nothing after', async () => {
    clock.set('2027-01-01T09:00:00Z');
    const membership = await service(4999, 'month');
    const contract = await create([membership.id], { startDate: '2027-01-01' });
    const signed = await api.request('POST', `/api/contracts/${contract.id}/signatures`, {
      body: {
        role: 'customer',
        signerName: 'Erika Mustermann',
        documentHash: contract.documentHash,
        signatureImage: signaturePng,
        consent: true,
      },
    });
    expect(signed.status).toBe(201);
    clock.set('2027-04-10T09:00:00Z');
    const terminated = await api.request('POST', `/api/contracts/${contract.id}/termination`, {
      body: { kind: 'extraordinary', receivedOn: '2027-04-10', endsOn: '2027-04-15', reason: 'Umzug ins Ausland' },
    });
    expect(terminated.status).toBe(200);

    const untilTheEnd = (await dues(contract.id)).body.items;
    const asked = (await dues(contract.id, 'to=2027-12-31')).body.items;

    // 4999 × 15 ÷ 30 = 2499.5 cents: rounded half up.
    expect(untilTheEnd.map((due: { dueOn: string; amount: unknown }) => [due.dueOn, due.amount])).toEqual([
      ['2027-01-01', eur(4999)],
      ['2027-02-01', eur(4999)],
      ['2027-03-01', eur(4999)],
      ['2027-04-01', eur(2500)],
    ]);
    expect(untilTheEnd.at(-1)).toMatchObject({ periodStart: '2027-04-01', lines: [{ amount: eur(2500) }] });
    expect(asked).toEqual(untilTheEnd);
  });

  it('lists nothing for a cancelled offer', async () => {
    clock.set('2027-01-10T09:00:00Z');
    const membership = await service(4900, 'month');
    const contract = await create([membership.id], { startDate: '2027-02-01' });
    const cancelled = await api.request('POST', `/api/contracts/${contract.id}/cancellation`, {
      body: { reason: 'Doch nicht' },
      as: 'owner',
    });
    expect(cancelled.status).toBe(200);

    const response = await dues(contract.id, 'to=2027-12-31');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ items: [] });
  });

  it.each([
    ['from=2027-02-30', 'from', 'Muss ein echtes Kalenderdatum sein'],
    ['to=morgen', 'to', 'YYYY-MM-DD'],
    ['from=2027-05-01&to=2027-04-30', 'to', 'Darf nicht vor from (2027-05-01) liegen'],
    ['from=2027-02-01&to=2032-02-02', 'to', 'Höchstens 5 Jahre nach dem 2027-02-01: spätestens 2032-02-01'],
    ['to=2032-01-11', 'to', 'Höchstens 5 Jahre nach dem 2027-01-10: spätestens 2032-01-10'],
    ['until=2027-12-31', 'until', ''],
  ])('answers 400 naming the field for %s', async (query, path, message) => {
    clock.set('2027-01-10T09:00:00Z');
    const membership = await service(4900, 'month');
    const contract = await create([membership.id], { startDate: '2027-02-01' });

    const response = await dues(contract.id, query);

    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body.errors).toEqual([{ path, message: expect.stringContaining(message) }]);
  });

  it('answers 400, never 500, for a range whose last period would end after the year 9999', async () => {
    clock.set('2027-01-10T09:00:00Z');
    const membership = await service(4900, 'month');
    const contract = await create([membership.id], { startDate: '2027-01-15' });

    const asked = await dues(contract.id, 'from=9999-01-01&to=9999-12-31');
    const defaulted = await dues(contract.id, 'from=9999-06-01');

    const tooLate = 'Zu spät: ein Abrechnungszeitraum endete nach dem Jahr 9999';
    expect([asked.status, asked.body.errors]).toEqual([400, [{ path: 'to', message: tooLate }]]);
    expect([defaulted.status, defaulted.body.errors]).toEqual([400, [{ path: 'from', message: tooLate }]]);
  });

  it('takes a range of exactly 5 years', async () => {
    clock.set('2027-01-10T09:00:00Z');
    const membership = await service(4900, 'year');
    const contract = await create([membership.id], { startDate: '2027-02-01' });

    const response = await dues(contract.id, 'from=2027-02-01&to=2032-02-01', 'owner');

    expect(response.status).toBe(200);
    expect(response.body.items).toHaveLength(6);
  });

  it('answers 404 for an unknown contract', async () => {
    const response = await dues('01JD0000000000000000000000');

    expect(response.status).toBe(404);
    expect(response.body.detail).toBe('Kein Vertrag hat diese ID');
  });
});

describe('withStoredDues', () => {
  const planned = (id: string, dueOn: string) => ({
    id,
    dueOn,
    periodStart: dueOn,
    periodEnd: dueOn,
    amount: eur(4900),
    lines: [],
    ...uncollected,
  });
  const range = { from: '2027-01-01', to: '2027-03-31' };

  it('lays a stored due over the computed one of its id, and keeps a stored one the schedule no longer computes', () => {
    const collected = { ...planned('A-20270201', '2027-02-01'), amount: eur(4999), status: 'collected' as const };
    const orphan = { ...planned('A-20270301', '2027-03-01'), status: 'returned' as const, returnedOn: '2027-03-09' };
    const outside = planned('A-20270401', '2027-04-01');

    const merged = withStoredDues(
      [planned('A-20270101', '2027-01-01'), planned('A-20270201', '2027-02-01')],
      [orphan, outside, collected],
      range,
    );

    expect(merged).toEqual([planned('A-20270101', '2027-01-01'), collected, orphan]);
  });

  it('leaves the computed dues as they are without any stored one', () => {
    const computed = [planned('A-20270101', '2027-01-01')];

    expect(withStoredDues(computed, [], range)).toEqual(computed);
  });
});
