import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiResponse, unique, useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { signaturePng } from '../support/images.ts';
import { studioProfile, useStudioProfile } from '../support/studio.ts';
import { tableClient } from '../support/table.ts';

// The logger reads the level when the first handler loads: every line is logged here, to be searched for tokens.
process.env.LOG_LEVEL = 'INFO';

const api = useApi();
useStudioProfile(api);
const clock = useClock();

afterEach(() => {
  vi.restoreAllMocks();
});

const png = signaturePng;
const minutes = (count: number) => count * 60_000;

const createContract = async (overrides: Record<string, unknown> = {}) => {
  const lastName = unique('Mustermann');
  const contact = await api.request('POST', '/api/contacts', {
    body: {
      firstName: 'Erika',
      lastName,
      email: `${unique('erika')}@example.com`,
      address: { street: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
    },
  });
  const service = await api.request('POST', '/api/services', {
    body: { name: unique('Yoga '), price: { amount: 4900, currency: 'EUR' }, billingInterval: 'month' },
  });
  const contract = await api.request('POST', '/api/contracts', {
    body: {
      contactId: contact.body.id,
      items: [{ serviceId: service.body.id }],
      startDate: '2026-12-01',
      minimumTermMonths: 12,
      ...overrides,
    },
  });
  expect(contract.status).toBe(201);
  return { ...contract.body, lastName };
};

const openSession = (contractId: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  api.request('POST', `/api/contracts/${contractId}/signing-sessions`, { body, headers });

/** The token of a session's link: what the page reads from the fragment. */
const tokenOf = (session: ApiResponse): string => new URL(session.body.url).hash.slice(1);

const asSigner = (token: string) => ({ as: null, headers: { authorization: `Signing ${token}` } });

const signWith = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api.request('POST', '/api/signing', {
    as: null,
    body: { signerName: 'Erika Mustermann', signatureImage: png, consent: true, ...body },
    headers: { authorization: `Signing ${token}`, 'user-agent': 'Tablet am Tresen/1.0', ...headers },
  });

const sessionItem = async (token: string) => {
  const hash = createHash('sha256').update(token).digest('hex');
  const { Item } = await tableClient().send(
    new GetCommand({
      TableName: process.env.TABLE_NAME,
      Key: { pk: `SIGNING_SESSION#${hash}`, sk: 'SIGNING_SESSION' },
      ConsistentRead: true,
    }),
  );
  return Item;
};

const expectInvalidToken = (response: ApiResponse) => {
  expect(response.status).toBe(401);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.headers.get('www-authenticate')).toBe('Signing');
  expect(response.body.type).toBe('https://studio.example/problems/signing-token-invalid');
  expect(response.body.title).toBe('Der Unterschriftslink ist ungültig, abgelaufen oder verbraucht');
  expect(response.body.detail).toContain('Bitte lassen Sie sich vom Studio einen neuen Link geben');
};

describe('POST /api/contracts/:id/signing-sessions', () => {
  it('opens a one-time link of 30 minutes for the customer, with a QR code, and keeps only the token’s hash', async () => {
    const contract = await createContract();
    const before = Date.now();

    const session = await openSession(contract.id);

    expect(session.status).toBe(201);
    expect(session.body).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      contractId: contract.id,
      role: 'customer',
      channel: 'counter',
      expiresAt: expect.any(String),
      url: expect.stringMatching(new RegExp(`^${api.url}/api/sign#[A-Za-z0-9_-]{43}$`)),
      qrCodeSvg: expect.stringMatching(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*viewBox="0 0 \d+ \d+".*<\/svg>$/s,
      ),
    });
    const expiresAt = Date.parse(session.body.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(minutes(30) - 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(minutes(30));
    const token = tokenOf(session);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const item = await sessionItem(token);
    expect(item).toMatchObject({ contractId: contract.id, role: 'customer', documentHash: contract.documentHash });
    // DynamoDB's TTL attribute holds epoch seconds; the explicit check uses validUntil.
    expect(item?.expiresAt).toBe(Math.ceil(expiresAt / 1000));
    expect(JSON.stringify(item)).not.toContain(token);
  });

  it('takes a role and a lifetime of 5 to 60 minutes, and refuses anything else with 400', async () => {
    const contract = await createContract({ requireStudioSignature: true });

    const studio = await openSession(contract.id, { role: 'studio', expiresInMinutes: 5 });
    const tooShort = await openSession(contract.id, { expiresInMinutes: 4 });
    const tooLong = await openSession(contract.id, { expiresInMinutes: 61 });
    const fraction = await openSession(contract.id, { expiresInMinutes: 7.5 });
    const unknownRole = await openSession(contract.id, { role: 'witness' });
    const unknownField = await openSession(contract.id, { token: 'mine' });

    expect(studio.status).toBe(201);
    expect(studio.body.role).toBe('studio');
    expect(Date.parse(studio.body.expiresAt) - Date.now()).toBeLessThanOrEqual(minutes(5));
    for (const refused of [tooShort, tooLong, fraction, unknownRole, unknownField]) expect(refused.status).toBe(400);
    expect(tooShort.body.errors).toEqual([
      { path: 'expiresInMinutes', message: 'Muss eine ganze Zahl von 5 bis 60 sein' },
    ]);
  });

  it('answers 409 unless the contract is pending and the role unsigned, 404 for an unknown contract', async () => {
    const cancelled = await createContract();
    await api.request('POST', `/api/contracts/${cancelled.id}/cancellation`, { body: { reason: 'Umzug' } });
    const signed = await createContract();
    const waitingForStudio = await createContract({ requireStudioSignature: true });
    for (const contract of [signed, waitingForStudio]) {
      const token = tokenOf(await openSession(contract.id));
      expect((await signWith(token, { documentHash: contract.documentHash })).status).toBe(201);
    }

    const forCancelled = await openSession(cancelled.id);
    const forSigned = await openSession(signed.id);
    const forSignedRole = await openSession(waitingForStudio.id, { role: 'customer' });
    const forOpenRole = await openSession(waitingForStudio.id, { role: 'studio' });
    const forUnknown = await openSession('01JD5A1B2C3D4E5F6G7H8J9K0M');

    for (const refused of [forCancelled, forSigned]) {
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe(
        'Nur ein noch nicht unterschriebener Vertrag (pending) kann unterschrieben werden',
      );
    }
    expect(forSignedRole.status).toBe(409);
    expect(forSignedRole.body.errors).toEqual([{ path: 'role', message: 'Bereits unterschrieben' }]);
    expect(forOpenRole.status).toBe(201);
    expect(forUnknown.status).toBe(404);
  });

  it('is open to staff, and not to a caller without a token', async () => {
    const contract = await createContract();

    const byStaff = await api.request('POST', `/api/contracts/${contract.id}/signing-sessions`, {
      as: 'staff',
      body: {},
    });
    const anonymous = await api.request('POST', `/api/contracts/${contract.id}/signing-sessions`, {
      as: null,
      body: {},
    });

    expect(byStaff.status).toBe(201);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Unauthorized' });
  });

  it('never replays an answer under an Idempotency-Key: a retry opens a new session and ends the one it replaces', async () => {
    const contract = await createContract();

    const first = await openSession(contract.id, {}, { 'idempotency-key': 'tablet-1' });
    const retry = await openSession(contract.id, {}, { 'idempotency-key': 'tablet-1' });

    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.body.url).not.toBe(first.body.url);
    expectInvalidToken(await api.request('GET', '/api/signing', asSigner(tokenOf(first))));
    expect((await api.request('GET', '/api/signing', asSigner(tokenOf(retry)))).status).toBe(200);
  });
});

describe('GET /api/signing', () => {
  it('shows the contract of the session, its term in words, the hash to sign and the expected signer', async () => {
    const contract = await createContract({
      noticePeriod: { value: 2, unit: 'week' },
      terms: 'Es gilt die Hausordnung.',
    });
    const session = await openSession(contract.id);

    const view = await api.request('GET', '/api/signing', asSigner(tokenOf(session)));

    expect(view.status).toBe(200);
    expect(view.headers.get('cache-control')).toBe('no-store');
    expect(view.body).toMatchObject({
      role: 'customer',
      documentHash: contract.documentHash,
      expiresAt: session.body.expiresAt,
      signerName: `Erika ${contract.lastName}`,
      contract: {
        id: contract.id,
        number: contract.number,
        status: 'pending',
        studio: { legalName: studioProfile.legalName },
        items: [{ unitPrice: { amount: 4900, currency: 'EUR' }, billingInterval: 'month' }],
        terms: 'Es gilt die Hausordnung.',
      },
      term: {
        minimumTerm: 'Mindestlaufzeit: 12 Monate, vom 01.12.2026 bis 30.11.2027.',
        notice: 'Kündigungsfrist: 2 Wochen ab Eingang der Kündigung.',
      },
    });
    expect(view.body.contract).not.toHaveProperty('signatures');
  });

  it('offers the studio’s representative as the signer of a studio session', async () => {
    const contract = await createContract({ requireStudioSignature: true });
    const session = await openSession(contract.id, { role: 'studio' });

    const view = await api.request('GET', '/api/signing', asSigner(tokenOf(session)));

    expect(view.body.role).toBe('studio');
    expect(view.body.signerName).toBe(studioProfile.representedBy);
  });

  it('answers 401 problem+json in German for a missing, malformed, bearer or unknown token', async () => {
    const unknown = Buffer.alloc(32, 7).toString('base64url');

    const answers = await Promise.all([
      api.request('GET', '/api/signing', { as: null }),
      api.request('GET', '/api/signing', { as: null, headers: { authorization: 'Signing abc' } }),
      api.request('GET', '/api/signing', { as: 'owner' }),
      api.request('GET', '/api/signing', asSigner(unknown)),
      signWith(unknown, { documentHash: `sha256:${'0'.repeat(64)}` }),
      api.request('GET', '/api/signing/document', asSigner(unknown)),
    ]);

    for (const answer of answers) expectInvalidToken(answer);
  });
});

describe('POST /api/signing', () => {
  it('signs exactly as §4 does, with IP and user agent, and spends the token in the same transaction', async () => {
    const contract = await createContract();
    const token = tokenOf(await openSession(contract.id));

    const signed = await signWith(token, { documentHash: contract.documentHash });

    expect(signed.status).toBe(201);
    expect(signed.headers.get('etag')).toBe(`"${contract.version + 1}"`);
    expect(signed.body.status).toBe('signed');
    expect(signed.body.signatures).toEqual([
      expect.objectContaining({
        role: 'customer',
        signerName: 'Erika Mustermann',
        documentHash: contract.documentHash,
        ipAddress: '127.0.0.1',
        userAgent: 'Tablet am Tresen/1.0',
        imageSha256: createHash('sha256')
          .update(Buffer.from(png.split(',')[1] ?? '', 'base64'))
          .digest('hex'),
      }),
    ]);
    const verification = await api.request('GET', `/api/contracts/${contract.id}/verification`);
    expect(verification.body.valid).toBe(true);
    expect(verification.body.signatures[0].imageValid).toBe(true);
    expect((await sessionItem(token))?.signedAt).toEqual(expect.any(String));
    // Spent: neither a second signature nor the page's view.
    expectInvalidToken(await signWith(token, { documentHash: contract.documentHash }));
    expectInvalidToken(await api.request('GET', '/api/signing', asSigner(token)));
  });

  it('does not spend the token on a refused attempt (400, 409)', async () => {
    const contract = await createContract();
    const token = tokenOf(await openSession(contract.id));

    const badImage = await signWith(token, {
      documentHash: contract.documentHash,
      signatureImage: 'data:image/png;base64,aGVsbG8=',
    });
    const noConsent = await signWith(token, { documentHash: contract.documentHash, consent: false });
    const otherHash = await signWith(token, { documentHash: `sha256:${'a'.repeat(64)}` });
    const roleSmuggled = await signWith(token, { documentHash: contract.documentHash, role: 'studio' });
    const signed = await signWith(token, { documentHash: contract.documentHash });

    expect([badImage.status, noConsent.status, otherHash.status, roleSmuggled.status]).toEqual([400, 400, 409, 400]);
    expect(otherHash.body.detail).toBe('Der Dokument-Hash entspricht nicht dem Vertrag dieses Links');
    expect(signed.status).toBe(201);
  });

  it('signs only the contract the token was issued for: another contract’s hash is a 409 and signs nothing', async () => {
    const mine = await createContract();
    const other = await createContract();
    const token = tokenOf(await openSession(mine.id));

    const attempt = await signWith(token, { documentHash: other.documentHash });

    expect(attempt.status).toBe(409);
    expect((await api.request('GET', `/api/contracts/${other.id}`)).body.signatures).toEqual([]);
    expect((await api.request('GET', `/api/contracts/${mine.id}`)).body.signatures).toEqual([]);
    expect((await signWith(token, { documentHash: mine.documentHash })).status).toBe(201);
  });

  it('signs once for a double tap: one 201, the other refused, one signature', async () => {
    const contract = await createContract();
    const token = tokenOf(await openSession(contract.id));

    const taps = await Promise.all([
      signWith(token, { documentHash: contract.documentHash }),
      signWith(token, { documentHash: contract.documentHash }),
    ]);

    expect(taps.map((tap) => tap.status).sort()).toEqual([201, expect.any(Number)]);
    expect(taps.filter((tap) => tap.status === 201)).toHaveLength(1);
    for (const refused of taps.filter((tap) => tap.status !== 201)) expect([401, 409]).toContain(refused.status);
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body.signatures).toHaveLength(1);
  });

  it('answers a retry under the same Idempotency-Key with the first response, though the token is spent', async () => {
    const contract = await createContract();
    const token = tokenOf(await openSession(contract.id));
    const body = { documentHash: contract.documentHash };

    const first = await signWith(token, body, { 'idempotency-key': 'page-submit-1' });
    const retry = await signWith(token, body, { 'idempotency-key': 'page-submit-1' });
    const anotherKey = await signWith(token, body, { 'idempotency-key': 'page-submit-2' });

    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expectInvalidToken(anotherKey);
  });

  it('ends the older session when a newer one opens for the same contract and role', async () => {
    const contract = await createContract({ requireStudioSignature: true });
    const older = tokenOf(await openSession(contract.id));
    const studio = tokenOf(await openSession(contract.id, { role: 'studio' }));
    const newer = tokenOf(await openSession(contract.id));

    expectInvalidToken(await signWith(older, { documentHash: contract.documentHash }));
    expect((await api.request('GET', '/api/signing', asSigner(studio))).status).toBe(200);
    expect(await sessionItem(older)).toBeUndefined();
    expect((await signWith(newer, { documentHash: contract.documentHash })).status).toBe(201);
  });

  it('refuses an expired token, checked by the function whatever the table’s TTL has not yet deleted', async () => {
    const contract = await createContract();
    const session = await openSession(contract.id, { expiresInMinutes: 5 });
    const token = tokenOf(session);

    clock.set(new Date(Date.parse(session.body.expiresAt) + 1000).toISOString());

    expectInvalidToken(await api.request('GET', '/api/signing', asSigner(token)));
    expectInvalidToken(await signWith(token, { documentHash: contract.documentHash }));
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body.status).toBe('pending');
    expect(await sessionItem(token)).toBeDefined();
  });
});

describe('GET /api/signing/document', () => {
  it('serves the sealed copy to the token that signed, for 15 minutes after the signature, and never before', async () => {
    const contract = await createContract();
    const token = tokenOf(await openSession(contract.id));
    const before = await api.request('GET', '/api/signing/document', asSigner(token));
    const signed = await signWith(token, { documentHash: contract.documentHash });
    const signedAt = Date.parse(signed.body.signatures[0].signedAt);

    clock.set(new Date(signedAt + minutes(14)).toISOString());
    const within = await api.request('GET', '/api/signing/document', asSigner(token));
    clock.set(new Date(signedAt + minutes(15) + 1000).toISOString());
    const after = await api.request('GET', '/api/signing/document', asSigner(token));

    expectInvalidToken(before);
    expect(within.status).toBe(200);
    expect(within.headers.get('content-type')).toBe('application/pdf');
    expect(within.headers.get('content-disposition')).toBe(`attachment; filename="Vertrag-${contract.number}.pdf"`);
    expect(within.headers.get('cache-control')).toBe('no-store');
    expect(within.text.startsWith('%PDF-')).toBe(true);
    expectInvalidToken(after);
  }, 60_000);
});

describe('tokens in logs', () => {
  it('never appear in a log line, whatever the request', async () => {
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      lines.push(String(chunk));
      return write(chunk, ...(rest as []));
    });
    const contract = await createContract();
    const session = await openSession(contract.id);
    const token = tokenOf(session);

    await api.request('GET', '/api/signing', asSigner(token));
    await signWith(token, { documentHash: `sha256:${'b'.repeat(64)}` });
    await signWith(token, { documentHash: contract.documentHash });
    await signWith(token, { documentHash: contract.documentHash });

    const output = lines.join('');
    expect(output).toContain('"routeKey":"POST /api/signing"');
    expect(output).not.toContain(token);
    expect(output).not.toContain(createHash('sha256').update(token).digest('hex'));
  });
});
