import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { useClock } from '../support/clock.ts';
import { useStudioProfile } from '../support/studio.ts';
import { grantWithdrawalRight } from '../support/withdrawal-right.ts';
import { confirmed, newClientAddress, postFrom, signedContractOf } from './declaration-support.ts';

// „Vertrag widerrufen“ (§ 356a BGB, docs/declarations.md): a public withdrawal recorded as POST /api/contracts/:id/withdrawal would.
const api = useApi();
useStudioProfile(api);
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-withdrawal-declarations-'));
process.env.DATA_DIR = dataDir;
const outbox = join(dataDir, 'outbox');
useBackgroundFunctions(['declarations-match'], dataDir);
const clock = useClock();

const germanDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
const berlinDay = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(instant));

/** A signed contract with the right of withdrawal a remote signing gives (period: 14 days from the signing day). */
const remoteContract = async () => {
  const { contact, contract } = await signedContractOf(api);
  const signed = (await api.request('GET', `/api/contracts/${contract.id}`)).body;
  const withdrawal = await grantWithdrawalRight(signed);
  return { contact, contract, withdrawal };
};

/** „Vertrag widerrufen“ filed with the contact's own name, email and the contract's number, from a client of its own. */
const fileWithdrawal = (contact: { lastName: string; email: string }, contract: { number: string }) =>
  postFrom(api, newClientAddress(), '/api/public/withdrawals', {
    firstName: 'Ada',
    lastName: contact.lastName,
    email: contact.email,
    contractNumber: contract.number,
  });

const contractOf = async (id: string) => (await api.request('GET', `/api/contracts/${id}`)).body;

const declarationWith = async (status: string, id: string) => {
  const response = await api.request('GET', `/api/declarations?status=${status}&limit=100`, { as: 'staff' });
  expect(response.status).toBe(200);
  return (response.body.items as { id: string; contractId: string | null; receivedAt: string }[]).find(
    (item) => item.id === id,
  );
};

describe('POST /api/public/withdrawals', () => {
  it('records a matching withdrawal as customer-online and mails its end', async () => {
    const { contact, contract } = await remoteContract();

    const response = await fileWithdrawal(contact, contract);

    expect(response.status).toBe(202);
    const [mail] = await confirmed(outbox, response.body.id);
    const withdrawn = await contractOf(contract.id);
    const receivedOn = berlinDay(response.body.receivedAt);
    expect(withdrawn).toMatchObject({
      status: 'withdrawn',
      endsOn: receivedOn,
      withdrawal: { receivedOn, recordedBy: 'customer-online' },
    });
    expect(mail?.subject).toContain('Widerruf');
    expect(mail?.text).toContain(`Ihr Vertrag endet am ${germanDate(receivedOn)}.`);
    expect(await declarationWith('matched', response.body.id)).toMatchObject({ contractId: contract.id });
  });

  it('keeps a withdrawal received after the period for staff, and the contract runs on', async () => {
    clock.set('2026-12-01T10:00:00Z');
    const { contact, contract, withdrawal } = await remoteContract();
    expect(withdrawal.periodEndsOn).toBe('2026-12-15');
    clock.set('2026-12-15T23:30:00Z'); // 00:30 on 16 December in Berlin

    const response = await fileWithdrawal(contact, contract);

    expect(response.status).toBe(202);
    const [mail] = await confirmed(outbox, response.body.id);
    expect(mail?.text).not.toContain('endet am');
    expect((await contractOf(contract.id)).status).toBe('signed');
    expect(await declarationWith('unmatched', response.body.id)).toBeDefined();
  });
});

describe('POST /api/declarations/:id/assignment of a withdrawal', () => {
  it('records it against the contract staff found, received on the day it arrived', async () => {
    clock.set('2026-12-01T10:00:00Z');
    const { contact, contract } = await remoteContract();
    clock.set('2026-12-02T22:30:00Z'); // 23:30 in Berlin: still the 2nd there
    const filed = await postFrom(api, newClientAddress(), '/api/public/withdrawals', {
      firstName: 'Ada',
      lastName: contact.lastName,
      email: 'tippfehler@example.com',
    });
    expect(filed.status).toBe(202);
    await confirmed(outbox, filed.body.id);
    expect((await contractOf(contract.id)).status).toBe('signed');

    // Assigned after the period has ended: what counts is the day the declaration arrived.
    clock.set('2026-12-20T09:00:00Z');
    const assigned = await api.request('POST', `/api/declarations/${filed.body.id}/assignment`, {
      as: 'staff',
      body: { contractId: contract.id },
    });

    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body).toMatchObject({
      status: 'withdrawn',
      endsOn: '2026-12-02',
      withdrawal: { receivedOn: '2026-12-02', withdrawnAt: '2026-12-20T09:00:00.000Z' },
    });
    expect(assigned.body.withdrawal.recordedBy).not.toBe('customer-online');
    expect(await declarationWith('assigned', filed.body.id)).toMatchObject({
      contractId: contract.id,
      receivedAt: '2026-12-02T22:30:00.000Z',
    });
  });
});
