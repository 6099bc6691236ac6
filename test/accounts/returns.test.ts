import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configuredMailTransport } from '#shared/mail/configured-mail-sender.ts';
import {
  at,
  childrenNamed,
  createCollection,
  ensureXmllint,
  mandatedContract,
  parseXml,
  sepaStudio,
  validateFile,
} from '../collections/support.ts';
import { useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { useClock } from '../support/clock.ts';
import { outboxMails } from '../support/outbox.ts';

// Returns with the bank's fee, re-presentation after a Vorabankündigung, and what a payment does to them (docs/accounts.md).
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-account-returns-'));
process.env.DATA_DIR = dataDir;
const api = useApi();
// The Vorabankündigung is mailed from the table's stream on `due.returned` (shared/collections/pre-notification.ts).
useBackgroundFunctions(['documents-render'], dataDir);
const clock = useClock();

type Contract = { id: string; number: string };
type Entry = { kind: string; amount: { amount: number }; dueId: string | null };
let member: Contract;
let refused: Contract;
let flaky: Contract;
/** Contracts whose return's Vorabankündigung shows that the stream ran past an earlier record: one per use. */
let witnesses: Contract[];
let january: { id: string };

beforeAll(async () => {
  ensureXmllint();
  process.env.STUDIO_CLOCK = '2027-01-04T09:00:00Z';
  await sepaStudio(api);
  member = await mandatedContract(api);
  refused = await mandatedContract(api, { iban: 'DE02500105170137075030' });
  flaky = await mandatedContract(api);
  witnesses = [await mandatedContract(api), await mandatedContract(api)];
  process.env.STUDIO_CLOCK = '2027-01-05T09:00:00Z';
  const response = await createCollection(api, '2027-01-19');
  expect(response.status).toBe(201);
  january = response.body;
  delete process.env.STUDIO_CLOCK;
});

const returnDebit = (contract: Contract, body: Record<string, unknown>, collectionId = january.id) =>
  api.request('POST', `/api/collections/${collectionId}/returns`, {
    body: { endToEndId: `${contract.number}-20270101`, reasonCode: 'AM04', returnedOn: '2027-01-22', ...body },
  });
const accountOf = async (contract: Contract) =>
  (await api.request('GET', `/api/contracts/${contract.id}/account`)).body;
const dueOf = async (contract: Contract, day = '20270101') =>
  (await api.request('GET', `/api/contracts/${contract.id}/dues?to=2027-03-31`)).body.items.find(
    (due: { id: string }) => due.id === `${contract.number}-${day}`,
  );
const preNotificationsOf = async (contract: Contract) =>
  (await outboxMails(join(dataDir, 'outbox'))).filter(
    (mail) => mail.subject === `Vorabankündigung: erneute Lastschrift zu Vertrag ${contract.number}`,
  );
const mailed = { timeout: 60_000, interval: 100 };
/**
 * Waits for the stream's documents-render to mail the Vorabankündigung of the contract's returned due and then note
 * it on the due (`preNotifiedOn`): the mail is sent before the note is written, so the mail alone is not the end.
 */
const preNotificationOf = (contract: Contract) =>
  vi.waitFor(async () => {
    const [mail, ...more] = await preNotificationsOf(contract);
    if (!mail) throw new Error(`no Vorabankündigung to ${contract.number} yet`);
    expect(more).toEqual([]);
    if ((await dueOf(contract))?.preNotifiedOn == null) throw new Error(`${contract.number}: mail not noted yet`);
    return mail;
  }, mailed);
/** Returns a witness's debit and waits for its Vorabankündigung: the stream handled every earlier record by then. */
const streamRanPast = async () => {
  const witness = witnesses.shift();
  if (!witness) throw new Error('No witness left: add one in beforeAll');
  expect((await returnDebit(witness, {})).status).toBe(201);
  await preNotificationOf(witness);
};
const sumOf = (entries: Entry[]) => entries.reduce((sum, entry) => sum + entry.amount.amount, 0);
const eventsFor = async (type: string, contractId: string) =>
  (await api.request('GET', `/api/events?type=${type}&limit=100`)).body.items.filter(
    (event: { data: { id: string } }) => event.data.id === contractId,
  );

describe('a return with the bank’s fee', () => {
  it.each([
    ['a fee above 15.00', { amount: 1501, currency: 'EUR' }, 'bankFee.amount'],
    ['a negative fee', { amount: -1, currency: 'EUR' }, 'bankFee.amount'],
    ['a fee in cents as a fraction', { amount: 2.5, currency: 'EUR' }, 'bankFee.amount'],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_what, bankFee, path) => {
    clock.set('2027-01-22T09:00:00Z');

    const response = await returnDebit(member, { bankFee });

    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    expect((await dueOf(member)).status).toBe('collected');
  });

  it('books return and bank-fee, makes them overdue, announces account.overdue and mails the Vorabankündigung', async () => {
    clock.set('2027-01-22T09:00:00Z');

    const response = await returnDebit(member, { bankFee: { amount: 350, currency: 'EUR' } });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ bankFee: { amount: 350 }, collectable: true });
    const account = await accountOf(member);
    expect(account.entries.map((entry: Entry) => [entry.kind, entry.amount.amount])).toEqual([
      ['due', 4900],
      ['debit', -4900],
      ['return', 4900],
      ['bank-fee', 350],
    ]);
    expect(account).toMatchObject({ balance: { amount: 5250 }, overdue: { amount: 5250 } });
    expect(account.balance.amount).toBe(sumOf(account.entries));
    expect(await eventsFor('account.overdue', member.id)).toHaveLength(1);
    const mail = await preNotificationOf(member);
    expect(await dueOf(member)).toMatchObject({
      status: 'returned',
      representations: 0,
      collectable: true,
      preNotifiedOn: '2027-01-22',
    });
    const text = mail.text ?? '';
    for (const line of [
      'Betrag: 49,00 €',
      'Fälligkeitstag (frühestens): 05.02.2027',
      `Mandatsreferenz: ${member.number}-1`,
      'Gläubiger-Identifikationsnummer: DE98ZZZ09999999999',
      '3,50 €',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('leaves a due returned for another code uncollectable, mails nothing, and never collects it again', async () => {
    clock.set('2027-01-22T10:00:00Z');

    const response = await returnDebit(refused, { reasonCode: 'MS02' });

    expect(response.body).toMatchObject({ collectable: false, mandateRevoked: false });
    expect(await dueOf(refused)).toMatchObject({ status: 'returned', returnReason: 'MS02', collectable: false });
    await streamRanPast();
    expect(await preNotificationsOf(refused)).toHaveLength(0);
  });

  it('mails a Vorabankündigung whose send failed again from the stream, and only once', async () => {
    clock.set('2027-01-22T11:00:00Z');
    const send = vi.spyOn(configuredMailTransport().sender, 'send');
    send.mockRejectedValueOnce(new Error('SES: Maximum sending rate exceeded'));

    const response = await returnDebit(flaky, { bankFee: { amount: 350, currency: 'EUR' } });

    // The return stands whatever the mail server does.
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.collectable).toBe(true);
    const mail = await preNotificationOf(flaky);
    expect(send.mock.settledResults.map((result) => result.type)).toEqual(['rejected', 'fulfilled']);
    send.mockRestore();
    expect(mail.text).toContain('Fälligkeitstag (frühestens): 05.02.2027');
    expect(await dueOf(flaky)).toMatchObject({ status: 'returned', preNotifiedOn: '2027-01-22' });
    // The record handed out again once more (the stream's at-least-once) finds the note and mails nothing.
    const { preNotifyReturnedDues } = await import('#shared/collections/pre-notification.ts');
    await preNotifyReturnedDues(flaky.id);
    await streamRanPast();
    expect(await preNotificationsOf(flaky)).toHaveLength(1);
  });

  it('waits preNotificationDays after the mail, then collects it again, the file valid against ISO’s schema', async () => {
    clock.set('2027-01-26T09:00:00Z');
    const early = await createCollection(api, '2027-02-04');
    expect(early.body.dues ?? []).not.toContain(`${member.number}-20270101`);

    const february = await createCollection(api, '2027-02-05');

    expect(february.status, JSON.stringify(february.body)).toBe(201);
    expect(february.body.dues).toContain(`${member.number}-20270101`);
    expect(february.body.dues).not.toContain(`${refused.number}-20270101`);
    expect(await dueOf(member)).toMatchObject({
      status: 'collected',
      representations: 1,
      collectionId: february.body.id,
    });
    const xml = (await api.request('GET', `/api/collections/${february.body.id}/file`)).text;
    const verdict = validateFile(xml);
    expect(verdict.status, verdict.stderr).toBe(0);
    const debits = childrenNamed(at(parseXml(xml), 'CstmrDrctDbtInitn'), 'PmtInf').flatMap((info) =>
      childrenNamed(info, 'DrctDbtTxInf'),
    );
    const again = debits.find((debit) => at(debit, 'PmtId/EndToEndId').text === `${member.number}-20270101`);
    expect(again && at(again, 'InstdAmt').text).toBe('49.00');
  });

  it('after a payment settles it, the returned due is never collected again, and account.settled is announced', async () => {
    clock.set('2027-02-08T09:00:00Z');
    const second = await createCollection(api, '2027-02-09').then((r) => r.body);
    const collectionId = (await dueOf(member)).collectionId;
    const returned = await returnDebit(
      member,
      { reasonCode: 'MS03', returnedOn: '2027-02-08', bankFee: { amount: 300, currency: 'EUR' } },
      collectionId,
    );
    expect(returned.body.collectable).toBe(true);

    const paid = await api.request('POST', `/api/contracts/${member.id}/account/payments`, {
      body: { amount: { amount: 4900 + 350 + 300, currency: 'EUR' }, paidOn: '2027-02-08', method: 'transfer' },
    });

    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.overdue.amount).toBe(0);
    expect(paid.body.balance.amount).toBe(sumOf(paid.body.entries));
    expect(await dueOf(member)).toMatchObject({ status: 'settled' });
    expect(await eventsFor('account.settled', member.id)).toHaveLength(1);
    clock.set('2027-02-25T09:00:00Z');
    const later = await createCollection(api, '2027-03-01');
    expect(later.body.dues ?? []).not.toContain(`${member.number}-20270101`);
    expect(second).toBeDefined();
  });
});

describe('a payment and a collection at once for the same returned due', () => {
  it('leave it collected or settled, never both', async () => {
    clock.set('2027-01-04T09:00:00Z');
    const racer = await mandatedContract(api, { startDate: '2027-01-01' });
    clock.set('2027-01-05T09:00:00Z');
    const first = (await createCollection(api, '2027-01-19')).body;
    clock.set('2027-01-22T09:00:00Z');
    expect((await returnDebit(racer, {}, first.id)).status).toBe(201);
    await preNotificationOf(racer);
    clock.set('2027-02-08T09:00:00Z');

    const [collection, payment] = await Promise.all([
      createCollection(api, '2027-02-10'),
      api.request('POST', `/api/contracts/${racer.id}/account/payments`, {
        body: { amount: { amount: 4900, currency: 'EUR' }, paidOn: '2027-02-08', method: 'cash' },
      }),
    ]);

    expect(payment.status).toBe(201);
    const due = await dueOf(racer);
    const collected = (collection.body.dues ?? []).includes(`${racer.number}-20270101`);
    expect(due.status).toBe(collected ? 'collected' : 'settled');
    const account = await accountOf(racer);
    expect(account.balance.amount).toBe(sumOf(account.entries));
  });
});
