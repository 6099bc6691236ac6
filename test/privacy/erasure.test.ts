import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { postFrom } from '../declarations/declaration-support.ts';
import { unique, useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { outboxMails } from '../support/outbox.ts';
import { putStudioProfile, studioProfileWithSepa } from '../support/studio.ts';
import {
  contractOf,
  created,
  customerIban,
  itemsNaming,
  newPerson,
  personWithEverything,
  signByCustomer,
} from './person.ts';

// Copies go to <DATA_DIR>/outbox: a folder of this file's own.
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-privacy-erasure-'));
process.env.DATA_DIR = dataDir;
const api = useApi();
const clock = useClock();
beforeAll(async () => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
  await putStudioProfile(api, studioProfileWithSepa);
});

const erase = (contactId: string, as: 'owner' | 'staff' = 'owner') =>
  api.request('POST', `/api/contacts/${contactId}/erasure`, { body: { reason: 'Asked by email' }, as });

const outboxMailsNaming = (address: string) =>
  readdirSync(join(dataDir, 'outbox')).filter((name) =>
    readFileSync(join(dataDir, 'outbox', name), 'utf8').includes(address),
  );

const skipBytes = (_key: string, value: unknown) => (value instanceof Uint8Array ? undefined : value);

const searchFinds = async (text: string, as: 'owner' | 'staff') =>
  (await api.request('GET', `/api/contacts?search=${encodeURIComponent(text)}`, { as })).body.items.length;

describe('POST /api/contacts/:id/erasure of a contact that never had a contract', () => {
  it('erases it now: 200, later reads 404, and no item of the table names its email or name any more', async () => {
    const { contact, email, lastName } = await newPerson(api);
    // A termination declared without login, with no contract to match: it holds the name and the email.
    const declared = await postFrom(api, '127.0.0.3', '/api/public/terminations', {
      firstName: 'Erika',
      lastName,
      email: email.toUpperCase(),
      contractNumber: null,
    });
    expect(declared.status, JSON.stringify(declared.body)).toBe(202);
    expect(await itemsNaming(lastName)).toContainEqual(expect.objectContaining({ entity: 'declaration' }));

    const response = await erase(contact.id);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ erased: true, restrictedUntil: null });
    expect((await api.request('GET', `/api/contacts/${contact.id}`)).status).toBe(404);
    expect(await itemsNaming(email, lastName, '+49 30 5550123')).toEqual([]);
    expect((await api.request('GET', `/api/contacts/${contact.id}/export`)).status).toBe(404);
  });

  it('removes the local outbox mails to its address', async () => {
    const { contact, email } = await newPerson(api);
    const other = await newPerson(api);
    const contract = await contractOf(api, other.contact.id);
    await signByCustomer(api, contract);
    await created(api, `/api/contracts/${contract.id}/copies`, { to: email });
    expect(outboxMailsNaming(email)).toHaveLength(1);

    expect((await erase(contact.id)).status).toBe(200);

    expect(outboxMailsNaming(email)).toEqual([]);
  }, 120_000);
});

describe('POST /api/contacts/:id/erasure and the local outbox', () => {
  it('removes only the mails addressed to the person, none to look-alike addresses', async () => {
    // prepare: erin's address, and three others that contain it
    const name = unique('erin');
    const erin = `${name}@example.com`;
    const lookAlikes = [`${name}@example.com.au`, `x${name}@example.com`, `${name.toUpperCase()}@example.com.de`];
    const contact = await created(api, '/api/contacts', { firstName: 'Erin', lastName: unique('Privat'), email: erin });
    const other = await newPerson(api);
    const contract = await contractOf(api, other.contact.id);
    await signByCustomer(api, contract);
    for (const to of [erin, ...lookAlikes]) await created(api, `/api/contracts/${contract.id}/copies`, { to });
    const recipients = async () =>
      (await outboxMails(join(dataDir, 'outbox'))).flatMap((mail) =>
        [mail.to].flat().flatMap((field) => field?.value.map(({ address }) => address?.toLowerCase()) ?? []),
      );
    expect(await recipients()).toContain(erin);
    // An outbox of an older version named its messages `<id>.eml`, without the recipient's key: read, not skipped.
    const olderMessage = (to: string) =>
      writeFileSync(join(dataDir, 'outbox', `${randomUUID()}.eml`), `To: ${to}\r\nSubject: alt\r\n\r\nHallo\r\n`);
    for (const to of [erin.toUpperCase(), lookAlikes[0] as string]) olderMessage(to);
    expect((await recipients()).filter((address) => address === erin)).toHaveLength(2);

    // act
    expect((await erase(contact.id)).status).toBe(200);

    // assess
    const left = await recipients();
    expect(left).not.toContain(erin);
    for (const address of lookAlikes) expect(left).toContain(address.toLowerCase());
    expect(left.filter((address) => address === lookAlikes[0])).toHaveLength(2);
  }, 120_000);
});

describe('POST /api/contacts/:id/erasure of a contact whose contracts have ended', () => {
  it('restricts it: erases phone, birthday and notes, keeps the rest until the documents’ retention ends', async () => {
    const { contact, email, lastName } = await newPerson(api);
    const contract = await contractOf(api, contact.id);
    await signByCustomer(api, contract);
    const terminated = await api.request('POST', `/api/contracts/${contract.id}/termination`, { body: {} });
    expect(terminated.status).toBe(200);
    // Two days after its last day, the contract has ended in every time zone.
    clock.set(new Date(Date.parse(`${terminated.body.endsOn}T00:00:00Z`) + 2 * 86_400_000).toISOString());

    const response = await erase(contact.id);

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const endYear = Number(terminated.body.endsOn.slice(0, 4));
    expect(response.body).toEqual({ erased: false, restrictedUntil: `${endYear + 9}-01-01T00:00:00.000Z` });
    const owner = await api.request('GET', `/api/contacts/${contact.id}`);
    expect(owner.body).toMatchObject({
      restricted: true,
      restrictedUntil: response.body.restrictedUntil,
      lastName,
      email,
      phone: null,
      dateOfBirth: null,
      notes: null,
    });
    expect((await api.request('GET', `/api/contacts/${contact.id}`, { as: 'staff' })).status).toBe(404);
    const staffReplace = await api.request('PUT', `/api/contacts/${contact.id}`, {
      body: { firstName: 'Erika', lastName },
      as: 'staff',
    });
    expect(staffReplace.status).toBe(404);
    for (const as of ['owner', 'staff'] as const) {
      expect(await searchFinds(lastName, as), as).toBe(0);
      expect(await searchFinds(email, as), as).toBe(0);
    }
    // Every test person has that phone: what must hold is that none of this one's items keeps it.
    const stillHeld = (await itemsNaming(contact.id)).filter((item) =>
      ['+49 30 5550123', 'Knee injury', '1990-04-12'].some((text) => JSON.stringify(item, skipBytes).includes(text)),
    );
    expect(stillHeld.map((item) => `${item.pk} ${item.sk}`)).toEqual([]);
    // What the contract needs stays: its mandate with the IBAN, its signature.
    expect((await itemsNaming(contract.id, customerIban)).length).toBeGreaterThan(0);
  }, 120_000);

  it('keeps its collected due, the debit and its declaration without login: they are kept as the contract', async () => {
    const person = await personWithEverything(api);
    clock.set(new Date(Date.parse(`${person.contract.endsOn}T00:00:00Z`) + 2 * 86_400_000).toISOString());

    expect((await erase(person.contact.id)).body.erased).toBe(false);

    const kept = (await itemsNaming(person.contract.id, person.lastName)).map((item) => item.entity);
    expect(kept).toEqual(expect.arrayContaining(['due', 'debit', 'declaration', 'mandate']));
  }, 120_000);

  it('refuses a new contract for a restricted contact with 422', async () => {
    const { contact } = await newPerson(api);
    const contract = await contractOf(api, contact.id);
    expect(
      (await api.request('POST', `/api/contracts/${contract.id}/cancellation`, { body: { reason: 'Umzug' } })).status,
    ).toBe(200);
    expect((await erase(contact.id)).body.erased).toBe(false);

    const response = await api.request('POST', '/api/contracts', {
      body: {
        contactId: contact.id,
        items: contract.items.map((item: { serviceId: string }) => ({ serviceId: item.serviceId })),
        startDate: '2027-01-01',
      },
    });

    expect(response.status).toBe(422);
  }, 120_000);
});

describe('POST /api/contacts/:id/erasure of a contact with a running contract', () => {
  it('answers 409 naming the contract and changes nothing', async () => {
    const { contact } = await newPerson(api);
    const contract = await contractOf(api, contact.id);
    await signByCustomer(api, contract);

    const response = await erase(contact.id);

    expect(response.status).toBe(409);
    expect(response.body.type).toBe('https://studio.example/problems/contact-has-running-contracts');
    expect(response.body.detail).toContain(contract.number);
    expect(response.body.detail).toContain(contract.id);
    expect((await api.request('GET', `/api/contacts/${contact.id}`)).body).toMatchObject({
      version: 1,
      restricted: false,
    });
  }, 120_000);

  it('answers 409 while a terminated contract has not ended yet', async () => {
    const { contact } = await newPerson(api);
    const contract = await contractOf(api, contact.id);
    await signByCustomer(api, contract);
    expect((await api.request('POST', `/api/contracts/${contract.id}/termination`, { body: {} })).status).toBe(200);

    expect((await erase(contact.id)).status).toBe(409);
  }, 120_000);
});

describe('who may erase', () => {
  it('is owners only: staff get 403 and the contact stays', async () => {
    const { contact } = await newPerson(api);

    expect((await erase(contact.id, 'staff')).status).toBe(403);
    expect((await api.request('GET', `/api/contacts/${contact.id}`)).status).toBe(200);
  });
});
