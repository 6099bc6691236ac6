import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiResponse, unique, useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { signAsCustomer } from '../support/customer-signature.ts';
import { signaturePng } from '../support/images.ts';
import { mailsTo, theLinkMailedTo } from '../support/remote-signing.ts';
import { useStudioProfile } from '../support/studio.ts';

// An amendment at the counter and at home (docs/amendments.md, "Am Tablet und zu Hause"): a signing session opened
// with `amendmentId` shows the amendment in words, and „Zustimmen“ signs it while „Ablehnen“ declines it.
const api = useApi();
useStudioProfile(api); // Europe/Berlin
const clock = useClock();

type Body = Record<string, any>;
const eur = (amount: number) => ({ amount, currency: 'EUR' });
// Money is formatted as Intl writes it, with a no-break space before the currency sign.
const plain = (amendment: Body) => ({
  ...amendment,
  lines: amendment.lines.map((line: string) => line.replace(/\u00a0/g, ' ')),
});
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-amendment-session-'));
const outbox = join(dataDir, 'outbox');
beforeAll(() => {
  process.env.DATA_DIR = dataDir;
});
// Every test lives on 1 March 2026 unless it says otherwise.
beforeEach(() => clock.set('2026-03-01T09:00:00Z'));

/** §17's example contract: start 2026-01-01, 12 months, 40.00 € monthly, signed; its contact has an address. */
const signedContract = async () => {
  const contact = await api.request('POST', '/api/contacts', {
    body: { firstName: 'Erika', lastName: unique('Mustermann'), email: `${unique('erika')}@example.com` },
  });
  const service = await api.request('POST', '/api/services', {
    body: { name: unique('Mitgliedschaft '), price: eur(4000), billingInterval: 'month' },
  });
  const created = await api.request('POST', '/api/contracts', {
    body: {
      contactId: contact.body.id,
      items: [{ serviceId: service.body.id }],
      startDate: '2026-01-01',
      minimumTermMonths: 12,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const signed = await signAsCustomer(api, created.body);
  return { contract: signed.body as Body, contact: contact.body as Body, serviceId: service.body.id as string };
};

const holiday = {
  kind: 'pause',
  effectiveFrom: '2026-03-10',
  lastDay: '2026-03-23',
  reason: 'holiday',
  extendsTerm: true,
  monthlyFee: eur(500),
};

const offered = async (body: Body = holiday) => {
  const { contract, contact, serviceId } = await signedContract();
  const response = await api.request('POST', `/api/contracts/${contract.id}/amendments`, {
    body: typeof body.items === 'function' ? { ...body, items: body.items(serviceId) } : body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { contract, contact, amendment: response.body as Body };
};

const openSession = (contractId: string, body: Body, headers: Record<string, string> = {}) =>
  api.request('POST', `/api/contracts/${contractId}/signing-sessions`, { body, headers });
const tokenOf = (session: ApiResponse): string => new URL(session.body.url).hash.slice(1);
const asSigner = (token: string) => ({ as: null, headers: { authorization: `Signing ${token}` } });
const viewWith = (token: string) => api.request('GET', '/api/signing', asSigner(token));
const agreeWith = (token: string, amendment: Body, overrides: Body = {}) =>
  api.request('POST', '/api/signing/amendment', {
    ...asSigner(token),
    body: {
      signerName: 'Erika Mustermann',
      signatureImage: signaturePng,
      consent: true,
      amendmentHash: amendment.amendmentHash,
      ...overrides,
    },
  });
const declineWith = (token: string, body: Body = {}) =>
  api.request('POST', '/api/signing/amendment/decline', { ...asSigner(token), body });
const amendmentNow = async (amendment: Body) =>
  (await api.request('GET', `/api/contracts/${amendment.contractId}/amendments/${amendment.id}`)).body;
const eventsOf = async (type: string, id: string) =>
  (await api.request('GET', `/api/events?type=${type}&limit=100`)).body.items.filter(
    (event: Body) => event.data.id === id,
  );

describe('a signing session for an amendment', () => {
  it('shows the pause in words at the counter, and „Zustimmen“ agrees it with the tablet’s evidence, once', async () => {
    // prepare
    const { contract, amendment } = await offered();

    // act
    const session = await openSession(contract.id, { amendmentId: amendment.id });
    const token = tokenOf(session);
    const view = await viewWith(token);
    const agreed = await agreeWith(token, amendment);
    const again = await agreeWith(token, amendment);
    const status = await api.request('GET', session.headers.get('location') as string);

    // assess: the session and what the page shows
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    expect(session.body).toMatchObject({ role: 'customer', channel: 'counter', amendmentId: amendment.id });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ contractSigned: true, mandate: null, withdrawal: null });
    expect(plain(view.body.amendment)).toEqual({
      id: amendment.id,
      number: amendment.number,
      kind: 'pause',
      status: 'offered',
      effectiveFrom: '2026-03-10',
      offerExpiresOn: amendment.offerExpiresOn,
      amendmentHash: amendment.amendmentHash,
      title: `Vereinbarung über eine Ruhezeit zum Vertrag ${contract.number} (${amendment.number})`,
      lines: [
        'Der Vertrag ruht vom 10.03.2026 bis zum 23.03.2026 (14 Tage).',
        'Grund: Urlaub.',
        'Für die ruhenden Tage wird eine Ruhezeitgebühr von 5,00 € je Monat anteilig berechnet.',
        'Die Mindestlaufzeit verlängert sich um 14 Tage: Sie endet am 14.01.2027 statt am 31.12.2026.',
        'Ab dem 24.03.2026 gelten die Beiträge wie bisher.',
      ],
    });

    // assess: agreed through the staff route's function, with the session's evidence, and the link spent
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(201);
    expect(agreed.body).toMatchObject({ status: 'agreed', signature: { signerName: 'Erika Mustermann' } });
    expect(agreed.body.signature.ipAddress).toBeTruthy();
    expect(again.status).toBe(401);
    expect((await viewWith(token)).status).toBe(401);
    expect(await amendmentNow(amendment)).toMatchObject({ status: 'agreed', version: 2 });
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body.minimumTermEndsOn).toBe('2027-01-14');
    expect(await eventsOf('amendment.agreed', amendment.id)).toHaveLength(1);
    expect(status.body).toMatchObject({
      status: 'signed',
      amendmentId: amendment.id,
      steps: [{ step: 'amendment', status: 'signed' }],
    });

    // assess: the link that agreed downloads the stored agreement, the same bytes staff get
    const copy = await api.request('GET', '/api/signing/document', asSigner(token));
    const stored = await api.request('GET', `/api/contracts/${contract.id}/amendments/${amendment.id}/document`);
    expect(copy.status, copy.text.slice(0, 300)).toBe(200);
    expect(copy.headers.get('content-disposition')).toBe(
      `attachment; filename="Aenderungsvereinbarung-${amendment.number}.pdf"`,
    );
    expect(copy.text).toBe(stored.text);
  });

  it('„Ablehnen“ declines it, leaves the contract as it is and spends the link', async () => {
    // prepare
    const { contract, amendment } = await offered();
    const session = await openSession(contract.id, { amendmentId: amendment.id });
    const token = tokenOf(session);

    // act
    const declined = await declineWith(token);
    const agreeAfter = await agreeWith(token, amendment);
    const status = await api.request('GET', session.headers.get('location') as string);

    // assess
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', signature: null, declineReason: null });
    expect(agreeAfter.status).toBe(401);
    const after = (await api.request('GET', `/api/contracts/${contract.id}`)).body;
    expect(after).toMatchObject({ version: contract.version, pauses: [], minimumTermEndsOn: '2026-12-31' });
    expect(await eventsOf('amendment.declined', amendment.id)).toHaveLength(1);
    expect(status.body).toMatchObject({ status: 'declined', steps: [{ step: 'amendment', status: 'declined' }] });
    // A declined amendment has no agreement to download.
    expect((await api.request('GET', '/api/signing/document', asSigner(token))).status).toBe(409);
  });

  it('words a price change with the dues before and after it', async () => {
    // prepare
    const { contract, amendment } = await offered({
      kind: 'price',
      effectiveFrom: '2026-04-01',
      items: (serviceId: string) => [{ serviceId, unitPrice: eur(4500) }],
    });

    // act
    const view = await viewWith(tokenOf(await openSession(contract.id, { amendmentId: amendment.id })));

    // assess
    expect(view.body.amendment.title).toBe(`Preisänderung zum Vertrag ${contract.number} (${amendment.number})`);
    expect(plain(view.body.amendment).lines).toEqual([
      'Ab dem 01.04.2026 gelten neue Preise:',
      `${contract.items[0].name}: 1 × 45,00 € monatlich`,
      'Beiträge ab dem 01.04.2026: 45,00 € monatlich (bisher 40,00 € monatlich).',
      'Laufzeit, Kündigungsfrist und alle übrigen Vereinbarungen des Vertrags bleiben unverändert.',
    ]);
  });

  it('mails the link for signing at home, never answers it, and a keyed retry sends no second mail', async () => {
    // prepare
    const { contract, contact, amendment } = await offered();
    const key = unique('remote-amendment');

    // act
    const first = await openSession(
      contract.id,
      { channel: 'remote', amendmentId: amendment.id },
      { 'idempotency-key': key },
    );
    const retry = await openSession(
      contract.id,
      { channel: 'remote', amendmentId: amendment.id },
      { 'idempotency-key': key },
    );
    const { mail, url } = await theLinkMailedTo(outbox, contact.email);
    const view = await viewWith(url.hash.slice(1));
    const agreed = await agreeWith(url.hash.slice(1), amendment);

    // assess
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ channel: 'remote', sentTo: contact.email, amendmentId: amendment.id });
    expect(first.body).not.toHaveProperty('url');
    expect(first.body).not.toHaveProperty('qrCodeSvg');
    expect(JSON.stringify(first.body)).not.toContain(url.hash.slice(1));
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await mailsTo(outbox, contact.email)).toHaveLength(1);
    expect(mail.subject).toBe(
      `Änderung ${amendment.number} Ihres Vertrags Nr. ${contract.number} mit ${contract.studio.legalName}`,
    );
    expect(view.body).toMatchObject({ channel: 'remote', withdrawal: null, amendment: { id: amendment.id } });
    expect(agreed.status).toBe(201);
  });
});

describe('the session’s rules, as a contract’s', () => {
  it('refuses an unknown amendment (422), a studio session (400) and one no longer offered (409), in German', async () => {
    // prepare
    const { contract, amendment } = await offered();
    const declined = await api.request('POST', `/api/contracts/${contract.id}/amendments/${amendment.id}/decline`, {
      body: {},
    });
    expect(declined.status).toBe(200);

    // act
    const unknown = await openSession(contract.id, { amendmentId: '01JD5A2B3C4D5E6F7G8H9J0K1M' });
    const malformed = await openSession(contract.id, { amendmentId: 'nicht-da' });
    const studio = await openSession(contract.id, { role: 'studio', amendmentId: amendment.id });
    const notOffered = await openSession(contract.id, { amendmentId: amendment.id });

    // assess
    for (const response of [unknown, malformed]) {
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({
        detail: 'Der Vertrag hat keine Änderungsvereinbarung mit dieser ID',
        errors: [{ path: 'amendmentId', message: 'Keine Änderungsvereinbarung dieses Vertrags hat diese ID' }],
      });
    }
    expect(studio.status).toBe(400);
    expect(studio.body.errors).toEqual([
      {
        path: 'amendmentId',
        message: 'Nur die Kundin oder der Kunde unterschreibt eine Änderungsvereinbarung (role "customer")',
      },
    ]);
    expect(notOffered.status).toBe(409);
    expect(notOffered.body.detail).toBe(
      'Die Änderungsvereinbarung ist declined; nur über eine angebotene kann noch entschieden werden',
    );
  });

  it('refuses an expired offer (409) and a link past its time (401)', async () => {
    // prepare
    const { contract, amendment } = await offered({ ...holiday, offerExpiresOn: '2026-03-05' });
    const token = tokenOf(await openSession(contract.id, { amendmentId: amendment.id, expiresInMinutes: 5 }));

    // act
    clock.set('2026-03-01T09:05:00Z');
    const lateView = await viewWith(token);
    const lateAgree = await agreeWith(token, amendment);
    clock.set('2026-03-06T09:00:00Z');
    const expiredOffer = await openSession(contract.id, { amendmentId: amendment.id });

    // assess
    expect([lateView.status, lateAgree.status]).toEqual([401, 401]);
    expect(lateAgree.body.detail).toBe(
      'Dieser Link ist ungültig, abgelaufen oder schon verwendet. Bitte lassen Sie sich vom Studio einen neuen Link geben.',
    );
    expect(expiredOffer.status).toBe(409);
    expect(expiredOffer.body.detail).toBe('Das Angebot ist mit dem 2026-03-05 abgelaufen (Zeitzone des Studios)');
    expect(await amendmentNow(amendment)).toMatchObject({ status: 'expired', version: 1 });
  });

  it('ends the older session of the same amendment (its link 401, its id 404), and no other', async () => {
    // prepare
    const { contract, amendment } = await offered();
    const other = await api.request('POST', `/api/contracts/${contract.id}/amendments`, {
      body: { ...holiday, effectiveFrom: '2026-05-04', lastDay: '2026-05-10', extendsTerm: false },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const older = await openSession(contract.id, { amendmentId: amendment.id });
    const otherSession = await openSession(contract.id, { amendmentId: other.body.id });

    // act
    const newer = await openSession(contract.id, { amendmentId: amendment.id });

    // assess
    expect((await viewWith(tokenOf(older))).status).toBe(401);
    expect((await api.request('GET', older.headers.get('location') as string)).status).toBe(404);
    expect((await viewWith(tokenOf(newer))).body.amendment.id).toBe(amendment.id);
    expect((await viewWith(tokenOf(otherSession))).body.amendment.id).toBe(other.body.id);
  });

  it('keeps a contract’s link and an amendment’s link to their own steps (409, the link stays usable)', async () => {
    // prepare
    const { contract, amendment } = await offered();
    const token = tokenOf(await openSession(contract.id, { amendmentId: amendment.id }));

    // act
    const contractStep = await api.request('POST', '/api/signing', {
      ...asSigner(token),
      body: {
        signerName: 'Erika Mustermann',
        signatureImage: signaturePng,
        consent: true,
        documentHash: contract.documentHash,
      },
    });
    const pending = await api.request('POST', '/api/contracts', {
      body: {
        contactId: contract.contactId,
        items: [{ serviceId: contract.items[0].serviceId }],
        startDate: '2026-04-01',
      },
    });
    const contractToken = tokenOf(await openSession(pending.body.id, {}));
    const agreeWithContractLink = await agreeWith(contractToken, amendment);
    const declineWithContractLink = await declineWith(contractToken);
    const wrongHash = await agreeWith(token, amendment, { amendmentHash: `sha256:${'0'.repeat(64)}` });
    const badBody = await agreeWith(token, amendment, { consent: false });

    // assess
    expect(contractStep.status).toBe(409);
    expect(contractStep.body.detail).toBe(
      'Dieser Link gilt einer Änderungsvereinbarung: Ihr wird zugestimmt oder sie wird abgelehnt, der Vertrag wird nicht erneut unterschrieben',
    );
    for (const response of [agreeWithContractLink, declineWithContractLink]) {
      expect(response.status).toBe(409);
      expect(response.body.detail).toBe(
        'Zu diesem Link gehört keine Änderungsvereinbarung zum Zustimmen oder Ablehnen',
      );
    }
    expect((await viewWith(contractToken)).body.amendment).toBeNull();
    expect(wrongHash.status).toBe(409);
    expect(wrongHash.body.errors).toEqual([
      { path: 'amendmentHash', message: `Die Änderungsvereinbarung hat ${amendment.amendmentHash}` },
    ]);
    expect(badBody.status).toBe(400);
    expect(badBody.body.errors.map((error: Body) => error.path)).toEqual(['consent']);
    expect((await viewWith(token)).status).toBe(200);
    expect((await agreeWith(token, amendment)).status).toBe(201);
  });
});
