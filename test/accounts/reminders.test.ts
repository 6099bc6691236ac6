import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createCollection, mandatedContract } from '../collections/support.ts';
import { unique, useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { useClock } from '../support/clock.ts';
import { outboxMails } from '../support/outbox.ts';
import { putStudioProfile, studioProfile } from '../support/studio.ts';

// Reminders (docs/accounts.md, "Reminders"): a Zahlungserinnerung, then Mahnungen with the studio's fee, each letter
// sealed, kept as a `reminder` document and mailed; the dunning level they set.
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-account-reminders-'));
process.env.DATA_DIR = dataDir;
const outbox = join(dataDir, 'outbox');
const api = useApi();
const clock = useClock();
useBackgroundFunctions(['documents-render'], dataDir);

type Contract = { id: string; number: string };
const sepa = {
  creditorId: 'DE98ZZZ09999999999',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  preNotificationDays: 14,
};
const studio = { ...studioProfile, sepa, reminderFee: { amount: 250, currency: 'EUR' } };
let member: Contract;
let racing: Contract;
let paying: Contract;
let current: Contract;
let january: { id: string };

beforeAll(async () => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'pipe'] });
  process.env.STUDIO_CLOCK = '2027-01-04T09:00:00Z';
  await putStudioProfile(api, studio);
  member = await mandatedContract(api);
  racing = await mandatedContract(api);
  paying = await mandatedContract(api);
  current = await mandatedContract(api);
  process.env.STUDIO_CLOCK = '2027-01-05T09:00:00Z';
  const response = await createCollection(api, '2027-01-19');
  expect(response.status).toBe(201);
  january = response.body;
  // MD06: the member asked the bank for the money back; the due is not collected again and waits for payment.
  process.env.STUDIO_CLOCK = '2027-01-22T09:00:00Z';
  for (const contract of [member, racing, paying]) {
    const returned = await api.request('POST', `/api/collections/${january.id}/returns`, {
      body: {
        endToEndId: `${contract.number}-20270101`,
        reasonCode: 'MD06',
        returnedOn: '2027-01-22',
        bankFee: { amount: 350, currency: 'EUR' },
      },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
  }
  delete process.env.STUDIO_CLOCK;
}, 120_000);

const rendered = { timeout: 60_000, interval: 100 };
const remind = (contract: Contract, headers: Record<string, string> = {}) =>
  api.request('POST', `/api/contracts/${contract.id}/account/reminders`, { headers });
const accountOf = async (contract: Contract) =>
  (await api.request('GET', `/api/contracts/${contract.id}/account`)).body;
const eventsFor = async (type: string, contractId: string) =>
  (await api.request('GET', `/api/events?type=${type}&limit=100`)).body.items.filter(
    (event: { data: { id: string } }) => event.data.id === contractId,
  );
const remindersIn = async (contract: Contract): Promise<ParsedMail[]> =>
  (await outboxMails(outbox)).filter((mail) => mail.subject?.includes(`Vertrag Nr. ${contract.number}`));
const pdf = (bytes: Uint8Array, tool: 'pdftotext' | 'pdfsig') => {
  const file = join(dataDir, `${unique('reminder')}.pdf`);
  writeFileSync(file, bytes);
  const args = tool === 'pdftotext' ? ['-enc', 'UTF-8', file, '-'] : [file];
  try {
    return execFileSync(tool, args, { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } catch (error) {
    // pdfsig exits non-zero for some valid files with untrusted certificates; its report is what counts.
    return String((error as { stdout?: string }).stdout ?? '');
  }
};
const mailsOf = async (contract: Contract, count: number) =>
  vi.waitFor(async () => {
    const mails = await remindersIn(contract);
    if (mails.length < count) throw new Error(`${mails.length} of ${count} reminders mailed`);
    return mails;
  }, rendered);

describe('the studio’s reminder fee', () => {
  it.each([
    ['above 2.50', { amount: 251, currency: 'EUR' }, 'reminderFee.amount'],
    ['negative', { amount: -1, currency: 'EUR' }, 'reminderFee.amount'],
    ['in another currency', { amount: 100, currency: 'USD' }, 'reminderFee.currency'],
  ])('refuses a fee %s with a 400 naming the field, changing nothing', async (_what, reminderFee, path) => {
    const before = (await api.request('GET', '/api/studio')).body;

    const response = await api.request('PUT', '/api/studio', { body: { ...studio, reminderFee } });

    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    expect((await api.request('GET', '/api/studio')).body).toEqual(before);
  });

  it('is 0 when the profile leaves it out, and answered as set', async () => {
    const without = await api.request('PUT', '/api/studio', { body: { ...studioProfile, sepa } });
    expect(without.body.reminderFee).toEqual({ amount: 0, currency: 'EUR' });

    const set = await api.request('PUT', '/api/studio', { body: studio });

    expect(set.status).toBe(200);
    expect(set.body.reminderFee).toEqual({ amount: 250, currency: 'EUR' });
  });
});

describe('a reminder', () => {
  it('is a 409 while nothing is overdue, writing nothing', async () => {
    clock.set('2027-01-25T09:00:00Z');

    const response = await remind(current);

    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect((await accountOf(current)).dunningLevel).toBe(0);
    expect(await eventsFor('reminder.sent', current.id)).toHaveLength(0);
  });

  it('first a free Zahlungserinnerung, then 14 days later a Mahnung with the fee; sealed, kept and mailed', async () => {
    clock.set('2027-01-25T09:00:00Z');

    const first = await remind(member);

    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      number: 1,
      level: 1,
      sentOn: '2027-01-25',
      deadline: '2027-02-08',
      fee: { amount: 0, currency: 'EUR' },
      total: { amount: 5250, currency: 'EUR' },
      iban: sepa.iban,
      account: { dunningLevel: 1, inCollection: false, overdue: { amount: 5250, currency: 'EUR' } },
    });
    expect(first.body.items).toEqual([
      {
        dueId: `${member.number}-20270101`,
        text: `Beitrag 01.01.–31.01.2027 Vertrag ${member.number}`,
        periodStart: '2027-01-01',
        periodEnd: '2027-01-31',
        amount: { amount: 4900, currency: 'EUR' },
        returnedOn: '2027-01-22',
        returnReason: 'MD06',
        bankFee: { amount: 350, currency: 'EUR' },
      },
    ]);
    expect((await accountOf(member)).entries.some((entry: { kind: string }) => entry.kind === 'reminder-fee')).toBe(
      false,
    );

    clock.set('2027-02-07T09:00:00Z');
    const tooSoon = await remind(member);
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.detail).toContain('08.02.2027');

    clock.set('2027-02-08T09:00:00Z');
    const second = await remind(member);

    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({
      number: 2,
      level: 2,
      deadline: '2027-02-22',
      fee: { amount: 250, currency: 'EUR' },
      total: { amount: 5500, currency: 'EUR' },
      account: { dunningLevel: 2 },
    });
    const account = await accountOf(member);
    const fees = account.entries.filter((entry: { kind: string }) => entry.kind === 'reminder-fee');
    expect(fees).toEqual([
      {
        id: 'reminder-fee-2',
        bookedOn: '2027-02-08',
        kind: 'reminder-fee',
        amount: { amount: 250, currency: 'EUR' },
        dueId: null,
        collectionId: null,
        text: 'Mahngebühr der Mahnung Nr. 2 vom 08.02.2027',
      },
    ]);
    expect(account.overdue.amount).toBe(5500);
    expect(await eventsFor('reminder.sent', member.id)).toHaveLength(2);

    const mails = await mailsOf(member, 2);
    const erinnerung = mails.find(
      (mail) => mail.subject === `Zahlungserinnerung zu Ihrem Vertrag Nr. ${member.number}`,
    );
    const mahnung = mails.find((mail) => mail.subject === `Mahnung zu Ihrem Vertrag Nr. ${member.number}`);
    expect(erinnerung).toBeDefined();
    expect(mahnung?.text).toMatch(/sind 55,00\s€ offen/);
    expect(mahnung?.text).toContain('bis zum 22.02.2027');
    expect(mahnung?.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
      [`Mahnung-${member.number}-2.pdf`, 'application/pdf'],
    ]);
    const letter = new Uint8Array(mahnung?.attachments[0]?.content ?? []);
    const text = pdf(letter, 'pdftotext');
    expect(text).toContain(`Mahnung zu Ihrem Vertrag Nr. ${member.number}`);
    expect(text).toContain(`Beitrag 01.01.–31.01.2027 Vertrag ${member.number}`);
    expect(text).toContain('Rücklastschrift vom 22.01.2027, Grund MD06');
    expect(text).toContain('49,00 €; Bankgebühr 3,50 €');
    expect(text).toContain('Mahngebühr der Mahnung Nr. 2 vom 08.02.2027');
    expect(text).toContain('Offener Gesamtbetrag: 55,00 €');
    expect(text).toContain('bis zum 22.02.2027');
    expect(text).toContain('IBAN DE02 1203 0000 0000 2020 51');
    expect(text).toContain(`Verwendungszweck: ${member.number}`);
    expect(pdf(letter, 'pdfsig')).toContain('Signature is Valid');
    const firstText = pdf(new Uint8Array(erinnerung?.attachments[0]?.content ?? []), 'pdftotext');
    expect(firstText).toContain(`Zahlungserinnerung zu Ihrem Vertrag Nr. ${member.number}`);
    expect(firstText).not.toContain('Mahngebühr');

    const kept = (await api.request('GET', `/api/contracts/${member.id}/documents`)).body.items.filter(
      (document: { kind: string }) => document.kind === 'reminder',
    );
    expect(
      kept.map(({ reminderNumber, mandateReference }: Record<string, unknown>) => [reminderNumber, mandateReference]),
    ).toEqual([
      [1, null],
      [2, null],
    ]);
    const download = await fetch(`${api.url}/api/contracts/${member.id}/documents/${kept[1]?.id}`, {
      headers: { authorization: `Bearer ${await api.token({ groups: ['staff'] })}` },
    });
    expect(download.headers.get('content-disposition')).toContain(`Mahnung-${member.number}-2.pdf`);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(letter))).toBe(true);
  });

  it('reads a reminder’s document stored before reminderNumber, whose number was in mandateReference', async () => {
    const kept = (await api.request('GET', `/api/contracts/${member.id}/documents`)).body.items.filter(
      (document: { kind: string }) => document.kind === 'reminder',
    );
    // Imported here: the table's client must not be made before useApi has named the endpoint.
    const { documentClient, tableName } = await import('#shared/db/client.ts');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `CONTRACT#${member.id}`, sk: 'DOCUMENT#reminder-1' },
        UpdateExpression: 'SET mandateReference = :old REMOVE reminderNumber',
        ExpressionAttributeValues: { ':old': `${member.number}-1` },
      }),
    );

    const listed = (await api.request('GET', `/api/contracts/${member.id}/documents`)).body.items.filter(
      (document: { kind: string }) => document.kind === 'reminder',
    );

    expect(listed).toEqual(kept);
    const download = await fetch(`${api.url}/api/contracts/${member.id}/documents/${kept[0]?.id}`, {
      headers: { authorization: `Bearer ${await api.token({ groups: ['staff'] })}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(`Mahnung-${member.number}-1.pdf`);
  });

  it('of two at once, one is sent and the other is a 409', async () => {
    clock.set('2027-01-26T09:00:00Z');

    const responses = await Promise.all([remind(racing), remind(racing)]);

    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(await eventsFor('reminder.sent', racing.id)).toHaveLength(1);
    expect((await accountOf(racing)).dunningLevel).toBe(1);
  });

  it('is answered again under the same Idempotency-Key, sending nothing more', async () => {
    clock.set('2027-01-26T09:00:00Z');
    const key = unique('remind');

    const first = await remind(paying, { 'idempotency-key': key });
    const again = await remind(paying, { 'idempotency-key': key });

    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await eventsFor('reminder.sent', paying.id)).toHaveLength(1);
  });

  it('leaves the level at 0 again once the member has paid what is overdue', async () => {
    clock.set('2027-01-27T09:00:00Z');
    expect((await accountOf(paying)).dunningLevel).toBe(1);

    const paid = await api.request('POST', `/api/contracts/${paying.id}/account/payments`, {
      body: { amount: { amount: 5250, currency: 'EUR' }, paidOn: '2027-01-27', method: 'transfer' },
    });

    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ overdue: { amount: 0 }, dunningLevel: 0 });
    expect((await remind(paying)).status).toBe(409);
  });
});
