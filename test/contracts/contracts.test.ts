import { createHash } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { todayIn } from '#shared/contracts/dates.ts';
import { localUsers } from '../../infra/local/local-tokens.ts';
import { unique, useApi } from '../support/api.ts';
import { onePixelPng, signaturePng } from '../support/images.ts';
import { studioProfile, useStudioProfile } from '../support/studio.ts';
import { overwriteAttribute, tableClient } from '../support/table.ts';

const api = useApi();
useStudioProfile(api);

// A real 1×1 PNG, as a tablet's signature pad would send (only much smaller).
const pngBase64 = onePixelPng.toString('base64');
const png = signaturePng;
const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0L10 10"/></svg>').toString('base64')}`;

const createContact = async () => {
  const response = await api.request('POST', '/api/contacts', {
    body: {
      firstName: 'Erika',
      lastName: unique('Mustermann'),
      email: `${unique('erika')}@example.com`,
      address: { street: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
    },
  });
  expect(response.status).toBe(201);
  return response.body;
};

const createService = async (overrides: Record<string, unknown> = {}) => {
  const response = await api.request('POST', '/api/services', {
    body: { name: unique('Yoga '), price: { amount: 4900, currency: 'EUR' }, billingInterval: 'month', ...overrides },
  });
  expect(response.status).toBe(201);
  return response.body;
};

const createContract = async (overrides: Record<string, unknown> = {}) => {
  const contact = await createContact();
  const service = await createService();
  const response = await api.request('POST', '/api/contracts', {
    body: { contactId: contact.id, items: [{ serviceId: service.id }], startDate: '2026-12-01', ...overrides },
  });
  expect(response.status).toBe(201);
  return { contract: response.body, contact, service };
};

const sign = (contract: { id: string; documentHash: string }, overrides: Record<string, unknown> = {}) =>
  api.request('POST', `/api/contracts/${contract.id}/signatures`, {
    body: {
      role: 'customer',
      signerName: 'Erika Mustermann',
      documentHash: contract.documentHash,
      signatureImage: png,
      consent: true,
      ...overrides,
    },
    headers: { 'user-agent': 'StudioTablet/1.0' },
  });

const sequenceOf = (number: string) => Number(number.split('-')[1]);

describe('POST /api/contracts', () => {
  it('creates a pending contract with copies of the contact and the items, totals per interval and a number', async () => {
    const contact = await createContact();
    const monthly = await createService({ price: { amount: 4900, currency: 'EUR' }, billingInterval: 'month' });
    const once = await createService({ price: { amount: 2500, currency: 'EUR' }, billingInterval: 'once' });

    const response = await api.request('POST', '/api/contracts', {
      body: {
        contactId: contact.id,
        items: [{ serviceId: monthly.id, quantity: 2 }, { serviceId: once.id }, { serviceId: monthly.id }],
        startDate: '2026-12-01',
        minimumTermMonths: 12,
        renewal: 'indefinite',
        noticePeriod: { value: 1, unit: 'month' },
        terms: '  Es gelten die AGB des Studios.  ',
      },
    });

    expect(response.status).toBe(201);
    const contract = response.body;
    expect(response.headers.get('location')).toBe(`/api/contracts/${contract.id}`);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(contract).toMatchObject({
      status: 'pending',
      studio: studioProfile,
      contactId: contact.id,
      contact: { firstName: 'Erika', lastName: contact.lastName, email: contact.email, address: contact.address },
      startDate: '2026-12-01',
      minimumTermMonths: 12,
      renewal: 'indefinite',
      noticePeriod: { value: 1, unit: 'month' },
      minimumTermEndsOn: '2027-11-30',
      endsOn: null,
      termination: null,
      totals: { month: { amount: 3 * 4900, currency: 'EUR' }, once: { amount: 2500, currency: 'EUR' } },
      terms: 'Es gelten die AGB des Studios.',
      requireStudioSignature: false,
      signatures: [],
      cancelledAt: null,
      cancelledBy: null,
      createdBy: localUsers.owner.sub,
      version: 1,
    });
    expect(contract.items[0]).toEqual({
      serviceId: monthly.id,
      name: monthly.name,
      unitPrice: { amount: 4900, currency: 'EUR' },
      billingInterval: 'month',
      quantity: 2,
      total: { amount: 9800, currency: 'EUR' },
      // No price steps asked for: none agreed.
      priceSteps: [],
    });
    // The year is the studio's (Europe/Berlin), not UTC's.
    expect(contract.number).toMatch(new RegExp(`^${todayIn(studioProfile.timeZone).slice(0, 4)}-\\d{6}$`));
    expect(contract.documentHash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('answers 422 for an unknown contact, an unknown or inactive service and mixed currencies', async () => {
    const contact = await createContact();
    const service = await createService();
    const inactive = await createService({ active: false });
    const dollars = await createService({ price: { amount: 100, currency: 'USD' } });
    const body = (overrides: Record<string, unknown>) => ({
      body: { contactId: contact.id, items: [{ serviceId: service.id }], startDate: '2026-12-01', ...overrides },
    });

    const cases = [
      [body({ contactId: '01JD0000000000000000000000' }), 'contactId'],
      [body({ items: [{ serviceId: service.id }, { serviceId: '01JD0000000000000000000000' }] }), 'items.1.serviceId'],
      [body({ items: [{ serviceId: inactive.id }] }), 'items.0.serviceId'],
      [body({ items: [{ serviceId: service.id }, { serviceId: dollars.id }] }), 'items'],
    ] as const;

    for (const [request, path] of cases) {
      const response = await api.request('POST', '/api/contracts', request);
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body.errors[0].path).toBe(path);
    }
    expect((await api.request('GET', `/api/contracts?contactId=${contact.id}`)).body.items).toEqual([]);
  });

  it('answers 400 for bounds of § 309 Nr. 9 BGB, a term that cannot end by itself and bad items', async () => {
    const contact = await createContact();
    const service = await createService();

    const response = await api.request('POST', '/api/contracts', {
      body: {
        contactId: contact.id,
        items: [{ serviceId: service.id, quantity: 0 }],
        startDate: '2026-12-01',
        minimumTermMonths: 25,
        noticePeriod: { value: 32, unit: 'day' },
        signedOnPaper: true,
      },
    });
    const noItems = await api.request('POST', '/api/contracts', {
      body: { contactId: contact.id, items: [], startDate: '2026-02-30' },
    });

    expect(response.status).toBe(400);
    expect(response.body.title).toBe('Anfrage ist ungültig');
    expect(response.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(
      ['items.0.quantity', 'minimumTermMonths', 'noticePeriod.value', 'signedOnPaper'].sort(),
    );
    expect(noItems.body.errors.map((e: { path: string }) => e.path)).toEqual(['items', 'startDate']);
    const noEndWithoutTerm = await api.request('POST', '/api/contracts', {
      body: {
        contactId: contact.id,
        items: [{ serviceId: service.id }],
        startDate: '2026-12-01',
        renewal: 'none',
      },
    });
    expect(noEndWithoutTerm.status).toBe(400);
    expect(noEndWithoutTerm.body.errors).toEqual([
      {
        path: 'renewal',
        message:
          'none verlangt eine Mindestlaufzeit (minimumTermMonths) von mindestens 1 Monat: der Vertrag endet dann mit ihr',
      },
    ]);
  });

  it('gives 10 parallel creates 10 distinct consecutive numbers, and a failed create takes none', async () => {
    const contact = await createContact();
    const service = await createService();
    const body = { contactId: contact.id, items: [{ serviceId: service.id }], startDate: '2026-12-01' };

    const first = await api.request('POST', '/api/contracts', { body });
    const failed = await api.request('POST', '/api/contracts', {
      body: { ...body, items: [{ serviceId: '01JD0000000000000000000000' }] },
    });
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () => api.request('POST', '/api/contracts', { body })),
    );

    expect(failed.status).toBe(422);
    expect(parallel.map((response) => response.status)).toEqual(Array(10).fill(201));
    const numbers = [first, ...parallel].map((response) => sequenceOf(response.body.number)).sort((a, b) => a - b);
    const start = numbers[0] ?? 0;
    expect(numbers).toEqual(Array.from({ length: 11 }, (_, i) => start + i));
  });

  it('keeps its copies when the contact and the service change later', async () => {
    const { contract, contact, service } = await createContract();

    await api.request('PUT', `/api/contacts/${contact.id}`, {
      body: { firstName: 'Erika', lastName: 'Neu', email: `${unique('neu')}@example.com` },
    });
    await api.request('PUT', `/api/services/${service.id}`, {
      body: { name: 'Umbenannt', price: { amount: 9900, currency: 'EUR' }, active: false },
    });

    const stored = await api.request('GET', `/api/contracts/${contract.id}`);
    const verification = await api.request('GET', `/api/contracts/${contract.id}/verification`);
    expect(stored.body).toEqual(contract);
    expect(verification.body.valid).toBe(true);
  });
});

describe('contract numbers', () => {
  it('are consecutive without gaps for contracts created one after another', async () => {
    const contact = await createContact();
    const service = await createService();
    const body = { contactId: contact.id, items: [{ serviceId: service.id }], startDate: '2026-12-01' };
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      numbers.push(sequenceOf((await api.request('POST', '/api/contracts', { body })).body.number));
    }
    expect(numbers).toEqual([numbers[0], (numbers[0] ?? 0) + 1, (numbers[0] ?? 0) + 2]);
  });

  it('start again at 1 when the counter is gone, whatever this process numbered before (a table made anew)', async () => {
    const { contract, contact, service } = await createContract();
    const year = contract.number.slice(0, 4);
    const body = { contactId: contact.id, items: [{ serviceId: service.id }], startDate: '2026-12-01' };
    await tableClient().send(
      new DeleteCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `CONTRACT_NUMBER#${year}`, sk: 'COUNTER' } }),
    );

    const response = await api.request('POST', '/api/contracts', { body });

    expect(response.status, response.text).toBe(201);
    expect(response.body.number).toBe(`${year}-000001`);
  });
});

describe('DELETE /api/contacts/:id with contracts', () => {
  it('answers 409 while a contract refers to the contact and keeps the contact', async () => {
    const { contact } = await createContract();

    const response = await api.request('DELETE', `/api/contacts/${contact.id}`);

    expect(response.status).toBe(409);
    expect(response.body.type).toBe('https://studio.example/problems/contact-has-contracts');
    expect((await api.request('GET', `/api/contacts/${contact.id}`)).status).toBe(200);
  });
});

describe('GET /api/contracts', () => {
  it('lists newest first, filters by contact and by status, and pages through all of them', async () => {
    const { contract: older, contact, service } = await createContract();
    const body = { contactId: contact.id, items: [{ serviceId: service.id }], startDate: '2026-12-01' };
    const middle = (await api.request('POST', '/api/contracts', { body })).body;
    const newest = (await api.request('POST', '/api/contracts', { body })).body;
    await sign(middle);

    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: { id: string }[]; nextCursor: string | null } } = await api.request(
        'GET',
        `/api/contracts?contactId=${contact.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      ids.push(...page.body.items.map((item) => item.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    const signedOfContact = await api.request('GET', `/api/contracts?contactId=${contact.id}&status=signed`);
    const allSigned = await api.request('GET', '/api/contracts?status=signed&limit=100');
    const all = await api.request('GET', '/api/contracts?limit=5');

    expect(ids).toEqual([newest.id, middle.id, older.id]);
    expect(signedOfContact.body.items.map((c: { id: string }) => c.id)).toEqual([middle.id]);
    expect(allSigned.body.items.every((c: { status: string }) => c.status === 'signed')).toBe(true);
    expect(all.body.items.length).toBe(5);
    expect((await api.request('GET', '/api/contracts?status=void')).status).toBe(400);
  });
});

describe('POST /api/contracts/:id/signatures', () => {
  it('records the signature with its evidence and seal, and the contract becomes signed', async () => {
    const { contract } = await createContract();

    const response = await sign(contract);

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'signed', version: 2 });
    const [signature] = response.body.signatures;
    expect(signature).toMatchObject({
      role: 'customer',
      signerName: 'Erika Mustermann',
      documentHash: contract.documentHash,
      ipAddress: '127.0.0.1',
      userAgent: 'StudioTablet/1.0',
      imageSha256: createHash('sha256').update(Buffer.from(pngBase64, 'base64')).digest('hex'),
      // ECDSA P-256 locally too since the customer's copy is a PDF signed with the sealing key (17c8f7e).
      seal: { algorithm: 'ECDSA_SHA_256' },
    });
    expect(signature.seal.keyId).toMatch(/^local:[0-9a-f]{16}$/);
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body).toEqual(response.body);
  });

  it('stays pending after the customer when the studio must sign too, and accepts an SVG signature', async () => {
    const { contract } = await createContract({ requireStudioSignature: true });

    const customer = await sign(contract);
    const studio = await sign(contract, { role: 'studio', signerName: 'Studio Leitung', signatureImage: svg });

    expect(customer.body.status).toBe('pending');
    expect(studio.status).toBe(201);
    expect(studio.body.status).toBe('signed');
    expect(studio.body.signatures.map((s: { role: string }) => s.role).sort()).toEqual(['customer', 'studio']);
  });

  it('answers 409 for a stale document hash, a second signature of a role and a cancelled contract', async () => {
    const { contract } = await createContract();
    const { contract: cancelled } = await createContract();
    await api.request('POST', `/api/contracts/${cancelled.id}/cancellation`, { body: { reason: 'Widerruf' } });

    const staleHash = await sign(contract, { documentHash: `sha256:${'0'.repeat(64)}` });
    const first = await sign(contract);
    const second = await sign(contract, { signerName: 'Someone Else' });
    const onCancelled = await sign(cancelled);

    expect(staleHash.status).toBe(409);
    expect(staleHash.body.errors[0].path).toBe('documentHash');
    expect(first.status).toBe(201);
    expect(second.status).toBe(409);
    expect(onCancelled.status).toBe(409);
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body.signatures).toHaveLength(1);
  });

  it('answers 400 for images that are not what they claim, too large, or active SVG, and without consent', async () => {
    const { contract } = await createContract();
    const tooLarge = Buffer.concat([Buffer.from(pngBase64, 'base64'), Buffer.alloc(100 * 1024)]).toString('base64');
    const scripted = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
      'base64',
    );

    const cases = [
      [
        { signatureImage: `data:image/png;base64,${Buffer.from('GIF89a not a png').toString('base64')}` },
        'signatureImage',
      ],
      [{ signatureImage: `data:image/png;base64,${tooLarge}` }, 'signatureImage'],
      [{ signatureImage: `data:image/svg+xml;base64,${scripted}` }, 'signatureImage'],
      [{ signatureImage: `data:image/jpeg;base64,${pngBase64}` }, 'signatureImage'],
      [{ consent: false }, 'consent'],
      [{ role: 'witness' }, 'role'],
      [{ signerName: '  ' }, 'signerName'],
    ] as const;

    for (const [overrides, path] of cases) {
      const response = await sign(contract, overrides);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].path).toBe(path);
    }
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body.signatures).toEqual([]);
  });

  it('lets concurrent signers of both roles both succeed without losing the status change', async () => {
    const { contract } = await createContract({ requireStudioSignature: true });

    const [customer, studio] = await Promise.all([
      sign(contract),
      sign(contract, { role: 'studio', signerName: 'Studio' }),
    ]);

    expect([customer.status, studio.status]).toEqual([201, 201]);
    const stored = await api.request('GET', `/api/contracts/${contract.id}`);
    expect(stored.body).toMatchObject({ status: 'signed', version: 3 });
    expect(stored.body.signatures).toHaveLength(2);
  });

  it('lets only one of several concurrent signers of the same role win', async () => {
    const { contract } = await createContract();

    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => sign(contract, { signerName: `Signer ${i}` })),
    );

    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(4);
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body.signatures).toHaveLength(1);
  });
});

describe('GET /api/contracts/:id/verification', () => {
  it('confirms an untouched signed contract', async () => {
    const { contract } = await createContract();
    const signed = await sign(contract);

    const response = await api.request('GET', `/api/contracts/${contract.id}/verification`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      valid: true,
      documentHash: contract.documentHash,
      recomputedHash: contract.documentHash,
      signatures: [{ id: signed.body.signatures[0].id, role: 'customer', sealValid: true, imageValid: true }],
    });
  });

  it('detects content changed in the table behind the API', async () => {
    const { contract } = await createContract();
    await sign(contract);

    await overwriteAttribute({ pk: `CONTRACT#${contract.id}`, sk: 'CONTRACT' }, 'items[0].unitPrice.amount', 1);

    const response = await api.request('GET', `/api/contracts/${contract.id}/verification`);
    expect(response.body.valid).toBe(false);
    expect(response.body.recomputedHash).not.toBe(contract.documentHash);
    expect(response.body.signatures[0].sealValid).toBe(false);
  });

  it('detects a changed signer name and a replaced signature image', async () => {
    const { contract } = await createContract({ requireStudioSignature: true });
    await sign(contract);
    await sign(contract, { role: 'studio', signerName: 'Studio' });

    await overwriteAttribute(
      { pk: `CONTRACT#${contract.id}`, sk: 'CONTRACT#SIGNATURE#customer' },
      'signerName',
      'Mallory',
    );
    await overwriteAttribute({ pk: `CONTRACT#${contract.id}`, sk: 'IMAGE#studio' }, 'bytes', Buffer.from('forged'));

    const response = await api.request('GET', `/api/contracts/${contract.id}/verification`);
    const byRole = Object.fromEntries(response.body.signatures.map((s: { role: string }) => [s.role, s]));
    expect(response.body.valid).toBe(false);
    expect(response.body.recomputedHash).toBe(contract.documentHash);
    expect(byRole.customer).toMatchObject({ sealValid: false, imageValid: true });
    expect(byRole.studio).toMatchObject({ sealValid: true, imageValid: false });
  });

  it('answers 404 for an unknown contract', async () => {
    expect((await api.request('GET', '/api/contracts/01JD0000000000000000000000/verification')).status).toBe(404);
  });
});

describe('POST /api/contracts/:id/cancellation', () => {
  it('cancels a pending offer once, recording when and why; a signed contract is terminated instead', async () => {
    const { contract } = await createContract();
    const { contract: signedContract } = await createContract();
    await sign(signedContract);

    const response = await api.request('POST', `/api/contracts/${contract.id}/cancellation`, {
      body: { reason: ' Umzug ins Ausland ' },
    });
    expect(response.body.cancelledBy).toBe(localUsers.owner.sub);
    const again = await api.request('POST', `/api/contracts/${contract.id}/cancellation`, {
      body: { reason: 'noch mal' },
    });

    const onSigned = await api.request('POST', `/api/contracts/${signedContract.id}/cancellation`, {
      body: { reason: 'Umzug ins Ausland' },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'cancelled', cancellationReason: 'Umzug ins Ausland', version: 2 });
    expect(response.body.cancelledAt).toMatch(/Z$/);
    expect(response.body.signatures).toEqual([]);
    expect(again.status).toBe(409);
    expect(again.body.title).toBe('Konflikt mit dem aktuellen Zustand');
    expect(again.body.detail).toBe('Der Vertrag ist bereits storniert');
    expect(onSigned.status).toBe(409);
    expect(onSigned.body.detail).toContain(`/api/contracts/${signedContract.id}/termination`);
    expect((await api.request('GET', `/api/contracts/${signedContract.id}`)).body).toMatchObject({
      status: 'signed',
      cancelledAt: null,
      version: 2,
    });
  });

  it('requires a reason and answers 404 for an unknown contract', async () => {
    const { contract } = await createContract();

    const noReason = await api.request('POST', `/api/contracts/${contract.id}/cancellation`, { body: { reason: ' ' } });
    const unknown = await api.request('POST', '/api/contracts/01JD0000000000000000000000/cancellation', {
      body: { reason: 'x' },
    });

    expect(noReason.status).toBe(400);
    expect(unknown.status).toBe(404);
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body.status).toBe('pending');
  });
});

describe('contract content is immutable', () => {
  it('has no route to replace or delete a contract', async () => {
    const { contract } = await createContract();

    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await api.request(method, `/api/contracts/${contract.id}`, { body: {} });
      expect(response.status).toBe(404);
      expect(response.body.type).toBe('https://studio.example/problems/route-not-found');
    }
  });
});
