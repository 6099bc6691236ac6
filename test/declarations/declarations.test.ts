import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { useClock } from '../support/clock.ts';
import { useStudioProfile } from '../support/studio.ts';
import { confirmed, newClientAddress, postFrom, signedContractOf } from './declaration-support.ts';

const api = useApi();
useStudioProfile(api);
// The confirmations land in <DATA_DIR>/outbox: a folder of this file's own, set before the first mail.
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-declarations-'));
process.env.DATA_DIR = dataDir;
const outbox = join(dataDir, 'outbox');
useBackgroundFunctions(['declarations-match'], dataDir);
const clock = useClock();

const germanDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
// The zone as the page's receipt names it (MEZ, MESZ), not by its IANA name.
const receivedAtLine = /Eingegangen am \d{2}\.\d{2}\.\d{4} um \d{2}:\d{2}:\d{2} Uhr MES?Z\n/;

const contractOf = async (id: string) => (await api.request('GET', `/api/contracts/${id}`)).body;

const declarationsWith = async (status: string) => {
  const response = await api.request('GET', `/api/declarations?status=${status}&limit=100`, { as: 'staff' });
  expect(response.status).toBe(200);
  return response.body.items as { id: string; status: string; contractId: string | null; receivedAt: string }[];
};

describe('POST /api/public/terminations', () => {
  it('answers a matched and an unmatched termination alike, and records only the matched one', async () => {
    const client = newClientAddress();
    const { contact, contract } = await signedContractOf(api);
    const matching = {
      firstName: 'Ada',
      lastName: contact.lastName,
      email: contact.email.toUpperCase(),
      contractNumber: contract.number,
    };
    const stranger = { ...matching, lastName: unique('Fremd') };

    const matched = await postFrom(api, client, '/api/public/terminations', matching);
    const unmatched = await postFrom(api, client, '/api/public/terminations', stranger);

    for (const response of [matched, unmatched]) {
      expect(response.status).toBe(202);
      expect(Object.keys(response.body).sort()).toEqual(['declaration', 'id', 'receivedAt']);
      expect(Object.keys(response.body.declaration).sort()).toEqual([
        'contractNumber',
        'email',
        'endsOn',
        'firstName',
        'kind',
        'lastName',
        'reason',
      ]);
    }
    expect(matched.body.declaration).toEqual({ ...matching, kind: 'ordinary', reason: null, endsOn: 'earliest' });

    const [matchedMail] = await confirmed(outbox, matched.body.id);
    const [unmatchedMail] = await confirmed(outbox, unmatched.body.id);
    const terminated = await contractOf(contract.id);
    expect(terminated.status).toBe('terminated');
    expect(terminated.termination).toMatchObject({ kind: 'ordinary', recordedBy: 'customer-online' });
    expect(terminated.termination.receivedOn).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(matched.body.receivedAt)),
    );

    const to = Array.isArray(matchedMail?.to) ? matchedMail?.to[0] : matchedMail?.to;
    expect(to?.value[0]?.address?.toLowerCase()).toBe(contact.email);
    expect(matchedMail?.subject).toContain('Kündigung');
    expect(matchedMail?.text).toMatch(receivedAtLine);
    expect(matchedMail?.text).toContain(`Ihr Vertrag endet am ${germanDate(terminated.termination.endsOn)}.`);
    expect(matchedMail?.text).toContain(`Vertragsnummer: ${contract.number}`);
    expect(unmatchedMail?.text).toMatch(receivedAtLine);
    expect(unmatchedMail?.text).not.toContain('endet am');

    expect((await declarationsWith('matched')).find((item) => item.id === matched.body.id)).toMatchObject({
      contractId: contract.id,
    });
    expect((await declarationsWith('unmatched')).map((item) => item.id)).toContain(unmatched.body.id);
  });

  it('matches the contact’s one signed contract when no number is given', async () => {
    const { contact, contract } = await signedContractOf(api);
    const response = await postFrom(api, newClientAddress(), '/api/public/terminations', {
      firstName: 'Ada',
      lastName: contact.lastName,
      email: contact.email,
      kind: 'extraordinary',
      reason: 'Umzug ins Ausland',
    });
    expect(response.status).toBe(202);
    const [mail] = await confirmed(outbox, response.body.id);
    const terminated = await contractOf(contract.id);
    expect(terminated.termination).toMatchObject({
      kind: 'extraordinary',
      reason: 'Umzug ins Ausland',
      recordedBy: 'customer-online',
    });
    // Without notice (§ 314 BGB): it ends on the day it was received.
    expect(terminated.termination.endsOn).toBe(terminated.termination.receivedOn);
    expect(mail?.text).toContain('Grund: Umzug ins Ausland');
  });

  it('refuses what the form does not ask, naming the field', async () => {
    const client = newClientAddress();
    const base = { firstName: 'Ada', lastName: 'Brandt', email: 'ada@example.com' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, lastName: ' ' }, 'lastName'],
      [{ ...base, email: 'kein-at' }, 'email'],
      [{ ...base, kind: 'extraordinary' }, 'reason'],
      [{ ...base, endsOn: 'bald' }, 'endsOn'],
      [{ ...base, phone: '0301234' }, 'phone'],
    ];
    for (const [body, path] of cases) {
      const response = await postFrom(api, client, '/api/public/terminations', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
  });

  it('answers 429 with Retry-After once a client has filed its twenty declarations of the window', async () => {
    // Imported once the API runs: the module reaches the table's client, which must see this file's endpoint.
    const { declarationRateLimit } = await import('#shared/declarations/rate-limit.ts');
    const client = newClientAddress();
    const body = { firstName: 'Ada', lastName: unique('Flut'), email: 'flut@example.com' };
    for (let count = 1; count <= declarationRateLimit.perWindow; count++) {
      expect((await postFrom(api, client, '/api/public/withdrawals', body)).status).toBe(202);
    }
    const refused = await postFrom(api, client, '/api/public/terminations', body);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body.type).toBe('https://studio.example/problems/declarations-rate-limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another client is not affected.
    expect((await postFrom(api, newClientAddress(), '/api/public/withdrawals', body)).status).toBe(202);
  });

  it('mails names and texts exactly as typed, as plain text without markup', async () => {
    const script = '<script>alert("x")</script>';
    const body = {
      firstName: `<b>Ada</b>${script}`,
      lastName: '<img src=x onerror=alert(1)>',
      email: 'markup@example.com',
      contractNumber: '<i>2026-1</i>',
      kind: 'extraordinary',
      reason: `Grund & <a href="https://evil.example">${script}</a>`,
    };
    const response = await postFrom(api, newClientAddress(), '/api/public/terminations', body);
    expect(response.status).toBe(202);
    expect(response.body.declaration).toMatchObject(body);
    const [mail] = await confirmed(outbox, response.body.id);
    expect(mail?.html).toBe(false);
    for (const value of [body.firstName, body.lastName, body.contractNumber, body.reason]) {
      expect(mail?.text).toContain(value);
    }
  });
});

describe('POST /api/public/withdrawals', () => {
  it('confirms a withdrawal of a contract signed at the counter and keeps it for staff: it has no right of withdrawal', async () => {
    const { contact, contract } = await signedContractOf(api);
    const response = await postFrom(api, newClientAddress(), '/api/public/withdrawals', {
      firstName: 'Ada',
      lastName: contact.lastName,
      email: contact.email,
      contractNumber: contract.number,
    });
    expect(response.status).toBe(202);
    const [mail] = await confirmed(outbox, response.body.id);
    expect(mail?.subject).toContain('Widerruf');
    expect(mail?.text).toMatch(receivedAtLine);
    expect((await contractOf(contract.id)).status).toBe('signed');
    expect((await declarationsWith('unmatched')).map((item) => item.id)).toContain(response.body.id);

    const assigned = await api.request('POST', `/api/declarations/${response.body.id}/assignment`, {
      as: 'staff',
      body: { contractId: contract.id },
    });
    expect(assigned.status).toBe(409);
  });
});

describe('POST /api/declarations/:id/assignment', () => {
  it('records an unmatched termination against the contract staff found, received on the day it arrived', async () => {
    clock.set('2026-12-01T10:00:00Z');
    const { contact, contract } = await signedContractOf(api);
    clock.set('2026-12-02T22:30:00Z'); // 23:30 in Berlin: still the 2nd there
    const filed = await postFrom(api, newClientAddress(), '/api/public/terminations', {
      firstName: 'Ada',
      lastName: contact.lastName,
      email: 'tippfehler@example.com',
    });
    expect(filed.status).toBe(202);
    await confirmed(outbox, filed.body.id);

    clock.set('2026-12-20T09:00:00Z');
    const assigned = await api.request('POST', `/api/declarations/${filed.body.id}/assignment`, {
      as: 'staff',
      body: { contractId: contract.id },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.termination).toMatchObject({ receivedOn: '2026-12-02', kind: 'ordinary' });
    // Received on 2 December with a month's notice: the minimum term (to 31 December 2027) decides.
    expect(assigned.body.termination.endsOn).toBe('2027-12-31');
    expect((await declarationsWith('assigned')).find((item) => item.id === filed.body.id)).toMatchObject({
      contractId: contract.id,
      receivedAt: '2026-12-02T22:30:00.000Z',
    });

    const again = await api.request('POST', `/api/declarations/${filed.body.id}/assignment`, {
      as: 'staff',
      body: { contractId: contract.id },
    });
    expect(again.status).toBe(409);
  });

  it("is in the contact's export once staff assign it to the contact's contract, though it gives another email", async () => {
    const { contact, contract } = await signedContractOf(api);
    const typo = await postFrom(api, newClientAddress(), '/api/public/terminations', {
      firstName: 'Ada',
      lastName: contact.lastName,
      email: `${unique('tippfehler')}@example.com`,
    });
    const someoneElse = await postFrom(api, newClientAddress(), '/api/public/terminations', {
      firstName: 'Ada',
      lastName: unique('Fremd'),
      email: `${unique('fremd')}@example.com`,
    });
    await confirmed(outbox, typo.body.id);
    await confirmed(outbox, someoneElse.body.id);
    const declarationsInExport = async () => {
      const exported = await api.request('GET', `/api/contacts/${contact.id}/export`);
      expect(exported.status).toBe(200);
      const categories = exported.body.categories as { category: string; items: { id: string }[] }[];
      return (categories.find(({ category }) => category === 'declarations')?.items ?? []).map(({ id }) => id);
    };
    expect(await declarationsInExport()).toEqual([]);

    const assigned = await api.request('POST', `/api/declarations/${typo.body.id}/assignment`, {
      as: 'staff',
      body: { contractId: contract.id },
    });

    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(await declarationsInExport()).toEqual([typo.body.id]);
  });

  it('answers 422 for an unknown contract and 404 for an unknown declaration', async () => {
    const filed = await postFrom(api, newClientAddress(), '/api/public/terminations', {
      firstName: 'Ada',
      lastName: unique('Niemand'),
      email: 'niemand@example.com',
    });
    await confirmed(outbox, filed.body.id);
    const unknownContract = await api.request('POST', `/api/declarations/${filed.body.id}/assignment`, {
      body: { contractId: '01JD0000000000000000000099' },
    });
    expect(unknownContract.status).toBe(422);
    const unknownDeclaration = await api.request('POST', '/api/declarations/01JD0000000000000000000099/assignment', {
      body: { contractId: '01JD0000000000000000000099' },
    });
    expect(unknownDeclaration.status).toBe(404);
  });
});
