import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCollection, signMandate } from '../collections/support.ts';
import { type ApiResponse, unique, useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { signaturePng } from '../support/images.ts';
import { putStudioProfile, studioProfile } from '../support/studio.ts';

// The collection agency (docs/accounts.md, "Collection agency"): two reminders 14 days apart, the handover after the
// Mahnung's deadline, the debtor in the agency's CSV (no cell a formula), and the agency's result closing it.
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-account-agency-'));
process.env.DATA_DIR = dataDir;
const api = useApi();
const clock = useClock();

type Contract = { id: string; number: string };
const sepa = {
  creditorId: 'DE98ZZZ09999999999',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  preNotificationDays: 14,
};
const ok = (response: ApiResponse, status = 201) => {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
};

/** A signed contract with a signed mandate, of a contact with these fields. */
const contractOf = async (contact: Record<string, unknown>): Promise<Contract> => {
  const created = ok(await api.request('POST', '/api/contacts', { body: contact }));
  const service = ok(
    await api.request('POST', '/api/services', {
      body: { name: unique('Mitgliedschaft '), price: { amount: 4900, currency: 'EUR' }, billingInterval: 'month' },
    }),
  );
  const contract = ok(
    await api.request('POST', '/api/contracts', {
      body: {
        contactId: created.id,
        items: [{ serviceId: service.id }],
        startDate: '2027-01-01',
        directDebit: { accountHolder: 'Konto Inhaber', iban: 'DE89370400440532013000' },
      },
    }),
  );
  ok(
    await api.request('POST', `/api/contracts/${contract.id}/signatures`, {
      body: {
        role: 'customer',
        signerName: 'Konto Inhaber',
        documentHash: contract.documentHash,
        signatureImage: signaturePng,
        consent: true,
      },
    }),
  );
  await signMandate(api, contract.id);
  return contract;
};

const hostile = {
  firstName: '=HYPERLINK("http://evil.example","Klick")',
  lastName: unique('+Müller'),
  email: `${unique('debtor')}@example.com`,
  address: { street: '@SUM(1+1)', postalCode: '10115', city: '-2+3', country: 'DE' },
};
let debtor: Contract;
let early: Contract;
/** Two accounts handed over on one day, for the list's pages. */
let paged: Contract[];

beforeAll(async () => {
  process.env.STUDIO_CLOCK = '2027-01-04T09:00:00Z';
  await putStudioProfile(api, { ...studioProfile, sepa, reminderFee: { amount: 250, currency: 'EUR' } });
  debtor = await contractOf(hostile);
  early = await contractOf({ firstName: 'Ede', lastName: unique('Früh'), email: `${unique('ede')}@example.com` });
  paged = [
    await contractOf({ firstName: 'Paula', lastName: unique('Seite'), email: `${unique('paula')}@example.com` }),
    await contractOf({ firstName: 'Peer', lastName: unique('Seite'), email: `${unique('peer')}@example.com` }),
  ];
  process.env.STUDIO_CLOCK = '2027-01-05T09:00:00Z';
  const collection = ok(await createCollection(api, '2027-01-19'));
  process.env.STUDIO_CLOCK = '2027-01-22T09:00:00Z';
  for (const contract of [debtor, early, ...paged]) {
    ok(
      await api.request('POST', `/api/collections/${collection.id}/returns`, {
        body: {
          endToEndId: `${contract.number}-20270101`,
          reasonCode: 'MD06',
          returnedOn: '2027-01-22',
          bankFee: { amount: 300, currency: 'EUR' },
        },
      }),
    );
  }
  delete process.env.STUDIO_CLOCK;
}, 120_000);

const post = (contract: Contract, path: string, body?: unknown) =>
  api.request('POST', `/api/contracts/${contract.id}/account/${path}`, body === undefined ? {} : { body });
const accountOf = async (contract: Contract) =>
  (await api.request('GET', `/api/contracts/${contract.id}/account`)).body;
const eventsFor = async (type: string, contractId: string) =>
  (await api.request('GET', `/api/events?type=${type}&limit=100`)).body.items.filter(
    (event: { data: { id: string } }) => event.data.id === contractId,
  );
const csv = async () => {
  const response = await fetch(`${api.url}/api/debt-collection`, {
    headers: { authorization: `Bearer ${await api.token({ groups: ['owner'] })}`, accept: 'text/csv' },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/csv');
  expect(response.headers.get('content-type')).toContain('charset=utf-8');
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
};
/** RFC 4180 lines of quoted cells, as a spreadsheet would split them. */
const rowsOf = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replaceAll('""', '"')));

describe('the agency’s list, one page at a time', () => {
  const owner = async () => ({ authorization: `Bearer ${await api.token({ groups: ['owner'] })}` });

  it('pages the JSON by nextCursor and the CSV by its Link header, each account once', async () => {
    for (const contract of paged) {
      clock.set('2027-01-25T09:00:00Z');
      ok(await post(contract, 'reminders'));
      clock.set('2027-02-08T09:00:00Z');
      ok(await post(contract, 'reminders'));
      clock.set('2027-02-23T09:00:00Z');
      ok(await post(contract, 'handover'));
    }

    const listed: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse = await api.request(
        'GET',
        `/api/debt-collection?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(1);
      listed.push(...page.body.items.map((entry: { contractId: string }) => entry.contractId));
      cursor = page.body.nextCursor;
    } while (cursor);
    const csvLines: string[] = [];
    let next: string | null = '/api/debt-collection?limit=1';
    let pages = 0;
    while (next) {
      const response: Response = await fetch(`${api.url}${next}`, {
        headers: { ...(await owner()), accept: 'text/csv' },
      });
      expect(response.status).toBe(200);
      const [header, ...rows] = rowsOf((await response.text()).replace(/^\uFEFF/, ''));
      expect(header?.[0]).toBe('contractNumber');
      csvLines.push(...new Set(rows.map((row) => row[0] ?? '')));
      next = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
      pages += 1;
    }

    for (const contract of paged) {
      expect(listed.filter((id) => id === contract.id)).toHaveLength(1);
      expect(csvLines.filter((number) => number === contract.number)).toHaveLength(1);
    }
    expect(pages).toBeGreaterThanOrEqual(paged.length);
  });

  it('refuses a limit out of range and a tampered cursor with 400, for the CSV too', async () => {
    const tooMany = await api.request('GET', '/api/debt-collection?limit=101');
    const tampered = await fetch(`${api.url}/api/debt-collection?cursor=bm90LWEta2V5`, {
      headers: { ...(await owner()), accept: 'text/csv' },
    });

    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.map((error: { path: string }) => error.path)).toEqual(['limit']);
    expect(tampered.status).toBe(400);
    expect(tampered.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

describe('handing an account to a collection agency', () => {
  it('is a 409 before a Mahnung, and before the Mahnung’s deadline has passed', async () => {
    clock.set('2027-01-25T09:00:00Z');
    expect((await post(early, 'handover')).status).toBe(409);
    ok(await post(early, 'reminders'));
    expect((await post(early, 'handover')).status).toBe(409);
    clock.set('2027-02-08T09:00:00Z');
    ok(await post(early, 'reminders'));

    clock.set('2027-02-22T09:00:00Z');
    const onTheDeadline = await post(early, 'handover');

    expect(onTheDeadline.status).toBe(409);
    expect((await accountOf(early)).dunningLevel).toBe(2);
    expect(await eventsFor('account.handed-over', early.id)).toHaveLength(0);
  });

  it('refuses staff, and a closure with a bad body, naming the field', async () => {
    clock.set('2027-02-23T09:00:00Z');
    const staff = await api.request('POST', `/api/contracts/${early.id}/account/handover`, { as: 'staff' });
    expect(staff.status).toBe(403);
    for (const [body, path] of [
      [{ outcome: 'paid' }, 'paidAmount'],
      [{ outcome: 'lost' }, 'outcome'],
      [{ outcome: 'partly-paid', paidAmount: { amount: 0, currency: 'EUR' } }, 'paidAmount.amount'],
    ] as const) {
      const response = await post(early, 'handover/closure', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    }
  });

  it('goes from two reminders to the agency’s CSV and back: paid, it is closed', async () => {
    // Two reminders 14 days apart, the second with the fee.
    clock.set('2027-01-25T09:00:00Z');
    expect(ok(await post(debtor, 'reminders'))).toMatchObject({ level: 1, fee: { amount: 0 } });
    clock.set('2027-02-08T09:00:00Z');
    expect(ok(await post(debtor, 'reminders'))).toMatchObject({ level: 2, fee: { amount: 250 } });

    // After the Mahnung's deadline (22 February), the owner hands it over.
    clock.set('2027-02-23T09:00:00Z');
    const handover = ok(await post(debtor, 'handover'));
    expect(handover).toMatchObject({
      handedOverOn: '2027-02-23',
      contractNumber: debtor.number,
      total: { amount: 5450, currency: 'EUR' },
      outcome: null,
      account: { dunningLevel: 3, inCollection: true },
    });
    expect(await eventsFor('account.handed-over', debtor.id)).toHaveLength(1);
    expect((await post(debtor, 'reminders')).status).toBe(409);
    expect((await post(debtor, 'handover')).status).toBe(409);

    // The agency's list: JSON and CSV.
    const listed = ok(await api.request('GET', '/api/debt-collection'), 200).items;
    const mine = listed.filter((entry: { contractId: string }) => entry.contractId === debtor.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      firstName: hostile.firstName,
      lastName: hostile.lastName,
      email: hostile.email,
      address: hostile.address,
      total: { amount: 5450 },
    });
    const text = await csv();
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = rowsOf(text.slice(1));
    expect(header?.slice(0, 3)).toEqual(['contractNumber', 'handedOverOn', 'lastName']);
    const lines = rows.filter((row) => row[0] === debtor.number);
    expect(lines).toHaveLength(2);
    for (const row of [header ?? [], ...rows]) {
      for (const cell of row) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    const [due, fee] = lines;
    expect(due?.slice(2, 9)).toEqual([
      `'${hostile.lastName}`,
      `'${hostile.firstName}`,
      "'@SUM(1+1)",
      '10115',
      "'-2+3",
      'DE',
      hostile.email,
    ]);
    expect(due?.slice(9)).toEqual([
      `Beitrag 01.01.–31.01.2027 Vertrag ${debtor.number}`,
      '2027-01-01',
      '2027-01-31',
      '2027-01-22',
      'MD06',
      '49.00',
      '3.00',
      '54.50',
    ]);
    expect(fee?.[9]).toBe('Mahngebühr der Mahnung Nr. 2 vom 08.02.2027');
    expect(fee?.[14]).toBe('2.50');

    // The agency collected it all: the closure books the payment and ends the handover.
    clock.set('2027-03-15T09:00:00Z');
    const closed = ok(
      await post(debtor, 'handover/closure', { outcome: 'paid', paidAmount: { amount: 5450, currency: 'EUR' } }),
    );

    expect(closed).toMatchObject({
      outcome: 'paid',
      paidAmount: { amount: 5450 },
      closedOn: '2027-03-15',
      account: { inCollection: false },
    });
    // The payment settles oldest first, the dues that came since among them (docs/accounts.md, "Settling"): the level
    // follows what is still overdue.
    expect(closed.account.dunningLevel).toBe(closed.account.overdue.amount > 0 ? 2 : 0);
    const account = await accountOf(debtor);
    expect(account.entries.filter((entry: { kind: string }) => entry.kind === 'payment')).toHaveLength(1);
    expect(
      ok(await api.request('GET', '/api/debt-collection'), 200).items.some(
        (entry: { contractId: string }) => entry.contractId === debtor.id,
      ),
    ).toBe(false);
    expect(rowsOf((await csv()).slice(1)).some((row) => row[0] === debtor.number)).toBe(false);
    expect((await post(debtor, 'handover/closure', { outcome: 'withdrawn' })).status).toBe(409);
  });

  it('writes off the rest of an uncollectable claim, and of two handovers at once one is a 409', async () => {
    clock.set('2027-02-23T09:00:00Z');
    const both = await Promise.all([post(early, 'handover'), post(early, 'handover')]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 409]);

    clock.set('2027-03-20T09:00:00Z');
    const closed = ok(
      await post(early, 'handover/closure', {
        outcome: 'uncollectable',
        paidAmount: { amount: 1000, currency: 'EUR' },
      }),
    );

    expect(closed).toMatchObject({ outcome: 'uncollectable', paidAmount: { amount: 1000 } });
    expect(closed.account.inCollection).toBe(false);
    const kinds = (await accountOf(early)).entries.map((entry: { kind: string; amount: { amount: number } }) => [
      entry.kind,
      entry.amount.amount,
    ]);
    expect(kinds).toContainEqual(['payment', -1000]);
    expect(kinds).toContainEqual(['write-off', -4450]);
  });
});
