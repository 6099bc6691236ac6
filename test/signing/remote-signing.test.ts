import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { signaturePng } from '../support/images.ts';
import { mailsTo, theLinkMailedTo } from '../support/remote-signing.ts';
import { useStudioProfile } from '../support/studio.ts';

// Signing at home (docs/walkthrough.md, "Signing at home"): the link goes by email, and the contract it signs has a right of withdrawal.
const api = useApi();
useStudioProfile(api); // Studio Mitte GmbH, Europe/Berlin
const clock = useClock();

const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-remote-signing-'));
const outbox = join(dataDir, 'outbox');
beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
});

const created = async (path: string, body: unknown) => {
  const response = await api.request('POST', path, { body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};

/** A pending monthly contract of a new contact with an address of its own, starting on `startDate`. */
const pendingContract = async (startDate = '2026-12-01') => {
  const email = `${unique('erika')}@example.com`;
  const contact = await created('/api/contacts', { firstName: 'Erika', lastName: unique('Mustermann'), email });
  const service = await created('/api/services', {
    name: unique('Fitness '),
    price: { amount: 3900, currency: 'EUR' },
    billingInterval: 'month',
  });
  const contract = await created('/api/contracts', {
    contactId: contact.id,
    items: [{ serviceId: service.id }],
    startDate,
  });
  return { ...contract, email } as { id: string; number: string; documentHash: string; email: string };
};

const openSession = (contractId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api.request('POST', `/api/contracts/${contractId}/signing-sessions`, { body, headers });

const signer = (token: string) => ({ as: null, headers: { authorization: `Signing ${token}` } });

/** Opens a remote session and reads its token out of the mail, as the customer's browser does from the link. */
const remoteToken = async (contract: { id: string; email: string }) => {
  expect((await openSession(contract.id, { channel: 'remote' })).status).toBe(201);
  return (await theLinkMailedTo(outbox, contract.email)).url.hash.slice(1);
};

const sign = (token: string, documentHash: string, extra: Record<string, unknown> = {}) =>
  api.request('POST', '/api/signing', {
    ...signer(token),
    body: { signerName: 'Erika Mustermann', signatureImage: signaturePng, consent: true, documentHash, ...extra },
  });

const pdfText = (pdf: Uint8Array) => {
  const file = join(dataDir, `${unique('original')}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

describe('POST /api/contracts/:id/signing-sessions with channel "remote"', () => {
  it('mails the link in German, naming the studio and the expiry, and answers without url or token', async () => {
    const contract = await pendingContract();
    clock.set('2026-11-20T09:00:00Z');

    const response = await openSession(contract.id, { channel: 'remote' });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      role: 'customer',
      channel: 'remote',
      expiresAt: '2026-11-27T09:00:00.000Z',
      sentTo: contract.email,
      messageId: expect.stringMatching(/@/),
    });
    expect(JSON.stringify(response.body)).not.toMatch(/api\/sign#|url|qrCode/);
    const { mail, url } = await theLinkMailedTo(outbox, contract.email);
    expect(mail.subject).toBe(`Ihr Vertrag Nr. ${contract.number} mit Studio Mitte GmbH zum Unterschreiben`);
    expect(mail.from?.value[0]?.name).toBe('Studio Mitte GmbH');
    expect(mail.text).toContain('Der Link gilt bis 27.11.2026, 10:00:00 MEZ');
    expect(url.pathname).toBe('/api/sign');
    const view = await api.request('GET', '/api/signing', signer(url.hash.slice(1)));
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ channel: 'remote', contract: { id: contract.id } });
  });

  it('sends the link to sendTo when given, lasts at most 7 days, and is open to staff', async () => {
    const contract = await pendingContract();
    const sendTo = `${unique('zuhause')}@example.com`;

    const tooLong = await openSession(contract.id, { channel: 'remote', expiresInMinutes: 10_081 });
    // Staff send links as they open counter sessions (the route's roles, any role).
    const week = await api.request('POST', `/api/contracts/${contract.id}/signing-sessions`, {
      as: 'staff',
      body: { channel: 'remote', expiresInMinutes: 10_080, sendTo },
    });

    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ path: 'expiresInMinutes', message: expect.stringContaining('10080') }]);
    expect(week.status).toBe(201);
    expect(week.body.sentTo).toBe(sendTo);
    expect(await mailsTo(outbox, sendTo)).toHaveLength(1);
    expect(await mailsTo(outbox, contract.email)).toHaveLength(0);
  });

  it('keeps the counter to its hour and its link in the answer, and refuses sendTo there', async () => {
    const contract = await pendingContract();

    const longCounter = await openSession(contract.id, { expiresInMinutes: 61 });
    const withAddress = await openSession(contract.id, { sendTo: 'someone@example.com' });
    const counter = await openSession(contract.id, {});

    expect(longCounter.status).toBe(400);
    expect(longCounter.body.errors).toEqual([{ path: 'expiresInMinutes', message: expect.stringContaining('60') }]);
    expect(withAddress.status).toBe(400);
    expect(withAddress.body.errors).toEqual([{ path: 'sendTo', message: expect.any(String) }]);
    expect(counter.status).toBe(201);
    expect(counter.body).toMatchObject({ channel: 'counter', url: expect.stringContaining('/api/sign#') });
    expect(await mailsTo(outbox, contract.email)).toHaveLength(0);
  });

  it('answers a keyed retry with the first answer and sends no second mail', async () => {
    const contract = await pendingContract();
    const headers = { 'idempotency-key': unique('remote-') };

    const first = await openSession(contract.id, { channel: 'remote' }, headers);
    const retry = await openSession(contract.id, { channel: 'remote' }, headers);

    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    const { url } = await theLinkMailedTo(outbox, contract.email);
    expect((await api.request('GET', '/api/signing', signer(url.hash.slice(1)))).status).toBe(200);
  });

  it('answers 422 naming sendTo when the contact has no email and none is given', async () => {
    const contact = await created('/api/contacts', { firstName: 'Ohne', lastName: unique('Adresse') });
    const service = await created('/api/services', { name: unique('Kurs '), price: { amount: 1000, currency: 'EUR' } });
    const contract = await created('/api/contracts', {
      contactId: contact.id,
      items: [{ serviceId: service.id }],
      startDate: '2026-12-01',
    });

    const response = await openSession(contract.id, { channel: 'remote' });

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([{ path: 'sendTo', message: expect.any(String) }]);
  });
});

describe('a contract signed through a remote session', () => {
  it('shows the Belehrung of the studio and asks about an early start when the contract begins within the period', async () => {
    const contract = await pendingContract('2026-12-01');
    clock.set('2026-11-20T09:00:00Z');
    const token = await remoteToken(contract);

    const view = (await api.request('GET', '/api/signing', signer(token))).body;

    expect(view.withdrawal.periodEndsOn).toBe('2026-12-04');
    expect(view.withdrawal.notice.heading).toBe('Widerrufsbelehrung');
    expect(JSON.stringify(view.withdrawal.notice)).toContain(
      'Studio Mitte GmbH, Torstraße 12, 10119 Berlin, Telefon +49 30 1234567, E-Mail kontakt@studio-mitte.example',
    );
    expect(view.withdrawal.form.heading).toBe('Muster-Widerrufsformular');
    expect(view.withdrawal.earlyStartRequest).toContain('Ich verlange ausdrücklich');
  });

  it('does not ask about an early start when the contract begins after the period', async () => {
    const contract = await pendingContract('2027-01-01');
    clock.set('2026-11-20T09:00:00Z');

    const view = (await api.request('GET', '/api/signing', signer(await remoteToken(contract)))).body;

    expect(view.withdrawal.earlyStartRequest).toBeNull();
  });

  it('gets withdrawal.periodEndsOn 14 days after the signing day across a month end, with the early start asked for', async () => {
    const contract = await pendingContract('2026-02-01');
    clock.set('2026-01-20T09:00:00Z');
    const token = await remoteToken(contract);
    clock.set('2026-01-25T23:30:00Z'); // 00:30 on 26 January in Berlin: the signing day is the 26th

    const signed = await sign(token, contract.documentHash, { requestedEarlyStart: true });

    expect(signed.status).toBe(201);
    expect(signed.body.withdrawal).toEqual({
      periodEndsOn: '2026-02-09',
      requestedEarlyStart: true,
      withdrawnAt: null,
      receivedOn: null,
      recordedBy: null,
    });
  });

  it('counts the period in the studio’s days across the change to summer time', async () => {
    const contract = await pendingContract('2026-05-01');
    clock.set('2026-03-25T09:00:00Z');
    const token = await remoteToken(contract);
    clock.set('2026-03-28T23:15:00Z'); // 00:15 on 29 March in Berlin, the night the clocks go forward

    const signed = await sign(token, contract.documentHash);

    expect(signed.status).toBe(201);
    expect(signed.body.withdrawal).toMatchObject({ periodEndsOn: '2026-04-12', requestedEarlyStart: false });
  });

  it('accepts a withdrawal on the last day of the period and refuses one the day after (409)', async () => {
    const [inTime, late] = [await pendingContract('2026-12-01'), await pendingContract('2026-12-01')];
    clock.set('2026-11-20T09:00:00Z');
    for (const contract of [inTime, late]) {
      expect((await sign(await remoteToken(contract), contract.documentHash)).status).toBe(201);
    }

    clock.set('2026-12-04T22:30:00Z'); // 23:30 on 4 December in Berlin, the period's last day
    const lastDay = await api.request('POST', `/api/contracts/${inTime.id}/withdrawal`, { body: {} });
    clock.set('2026-12-04T23:30:00Z'); // 00:30 on 5 December in Berlin
    const dayAfter = await api.request('POST', `/api/contracts/${late.id}/withdrawal`, { body: {} });

    expect(lastDay.status).toBe(200);
    expect(lastDay.body).toMatchObject({ status: 'withdrawn', endsOn: '2026-12-04' });
    expect(dayAfter.status).toBe(409);
  });

  it('has an original that carries the Belehrung, the period, the early start and the model form', async () => {
    const contract = await pendingContract('2026-12-01');
    clock.set('2026-11-20T09:00:00Z');
    const token = await remoteToken(contract);
    expect((await sign(token, contract.documentHash, { requestedEarlyStart: true })).status).toBe(201);

    const original = await fetch(`${api.url}/api/contracts/${contract.id}/document`, {
      headers: { authorization: `Bearer ${await api.token({ groups: ['staff'] })}` },
    });

    expect(original.status).toBe(200);
    const text = pdfText(new Uint8Array(await original.arrayBuffer()));
    expect(text).toContain('Widerrufsbelehrung');
    expect(text).toContain(
      'Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.',
    );
    expect(text).toContain('Die Widerrufsfrist endet am 04.12.2026.');
    expect(text).toContain('[x] Ich verlange ausdrücklich');
    expect(text).toContain('Muster-Widerrufsformular');
    expect(text).toContain('Hiermit widerrufe(n) ich/wir (*)');
  });
});

describe('the Belehrung of a contract signed at home', () => {
  it('reads the same on the signing page and in the signed original, the „Vertrag widerrufen“ button included', async () => {
    const contract = await pendingContract('2027-02-01');
    const token = await remoteToken(contract);
    const view = await api.request('GET', '/api/signing', signer(token));
    expect((await sign(token, contract.documentHash)).status).toBe(201);

    const original = await fetch(`${api.url}/api/contracts/${contract.id}/document`, {
      headers: { authorization: `Bearer ${await api.token({ groups: ['staff'] })}` },
    });

    const text = pdfText(new Uint8Array(await original.arrayBuffer()));
    const paragraphs = (view.body.withdrawal.notice.sections as { paragraphs: string[] }[]).flatMap(
      ({ paragraphs }) => paragraphs,
    );
    expect(paragraphs.join(' ')).toContain(`„Vertrag widerrufen“ auf ${api.url}/api/widerrufen`);
    for (const paragraph of paragraphs) expect(text).toContain(paragraph.replace(/\s+/g, ' '));
  });
});

describe('a contract signed at the counter', () => {
  it('keeps withdrawal null, and its session refuses requestedEarlyStart (400 naming the field)', async () => {
    const contract = await pendingContract();
    const session = await openSession(contract.id, {});
    const token = new URL(session.body.url).hash.slice(1);

    const refused = await sign(token, contract.documentHash, { requestedEarlyStart: false });
    const signed = await sign(token, contract.documentHash);

    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: 'requestedEarlyStart', message: expect.any(String) }]);
    expect(signed.status).toBe(201);
    expect(signed.body.withdrawal).toBeNull();
    const view = await api.request('GET', '/api/signing', signer(token));
    expect(view.status).toBe(401);
  });
});
