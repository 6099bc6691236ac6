import { describe, expect, it } from 'vitest';
import { useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { contractOfSepaStudio } from '../support/direct-debit.ts';
import { overwriteAttribute } from '../support/table.ts';

// Widerruf of a contract's SEPA mandate (docs/sepa.md): POST /api/contracts/:id/mandate/revocation.
const api = useApi();
const clock = useClock();

const sepa = { creditorId: 'DE98ZZZ09999999999', iban: 'DE02120300000000202051', bic: null };
const directDebit = { accountHolder: 'Max Mustermann', iban: 'DE89370400440532013000' };

const createContract = (extra: Record<string, unknown> = { directDebit }) => contractOfSepaStudio(api, sepa, extra);

const revoke = (id: string, body: Record<string, unknown>, as: 'owner' | 'staff' = 'owner') =>
  api.request('POST', `/api/contracts/${id}/mandate/revocation`, { body, as });

describe('POST /api/contracts/:id/mandate/revocation', () => {
  it('revokes the current mandate: status, day, time and reason, its event, and the contract left as it was', async () => {
    clock.set('2027-02-10T09:30:00Z');
    const contract = await createContract();

    const response = await revoke(contract.id, { reason: 'Widerruf per Brief', revokedOn: '2027-02-08' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...contract.mandate,
      status: 'revoked',
      revokedAt: '2027-02-10T09:30:00.000Z',
      revokedOn: '2027-02-08',
      revocationReason: 'Widerruf per Brief',
      text: expect.stringContaining(`Mandatsreferenz ${contract.number}-1`),
    });
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body).toEqual(response.body);
    const after = (await api.request('GET', `/api/contracts/${contract.id}`)).body;
    expect(after).toMatchObject({
      version: contract.version,
      status: contract.status,
      documentHash: contract.documentHash,
    });
    expect(after.mandate.status).toBe('revoked');
    const events = (await api.request('GET', '/api/events?type=mandate.revoked&limit=100')).body.items;
    expect(events.filter((event: { data: { id: string } }) => event.data.id === contract.id)).toEqual([
      expect.objectContaining({
        type: 'mandate.revoked',
        data: { object: 'mandate', id: contract.id, version: contract.version },
      }),
    ]);
  });

  it('takes today in the studio’s zone when revokedOn is left out, and refuses a day in the future', async () => {
    clock.set('2027-03-31T22:30:00Z'); // 1 April 00:30 in Berlin
    const contract = await createContract();

    const future = await revoke(contract.id, { reason: 'Widerruf', revokedOn: '2027-04-02' });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual([
      { path: 'revokedOn', message: 'Darf nicht in der Zukunft liegen (heute ist 2027-04-01)' },
    ]);
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body.status).toBe('pending');

    const today = await revoke(contract.id, { reason: 'Widerruf' });
    expect(today.body.revokedOn).toBe('2027-04-01');
  });

  it('answers 409 for a mandate already revoked, and keeps the first revocation', async () => {
    const contract = await createContract();
    const first = await revoke(contract.id, { reason: 'Erster Widerruf' });

    const second = await revoke(contract.id, { reason: 'Zweiter Widerruf' });

    expect(second.status).toBe(409);
    expect(second.body.detail).toBe('Das Mandat ist bereits widerrufen');
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body).toEqual(first.body);
  });

  it('lets only one of several concurrent revocations win', async () => {
    const contract = await createContract();

    const responses = await Promise.all(
      ['A', 'B', 'C'].map((reason) => revoke(contract.id, { reason: `Widerruf ${reason}` })),
    );

    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    const winner = responses.find((response) => response.status === 200);
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body.revocationReason).toBe(
      winner?.body.revocationReason,
    );
  });

  it('is for owners only, needs a reason, and answers 404 without a mandate or a contract', async () => {
    const contract = await createContract();
    const withoutDebit = await createContract({});

    expect((await revoke(contract.id, { reason: 'Widerruf' }, 'staff')).status).toBe(403);
    expect((await revoke(contract.id, {})).body.errors.map((error: { path: string }) => error.path)).toEqual([
      'reason',
    ]);
    const noMandate = await revoke(withoutDebit.id, { reason: 'Widerruf' });
    expect(noMandate.status).toBe(404);
    expect(noMandate.body.detail).toBe('Der Vertrag hat kein SEPA-Lastschriftmandat');
    expect((await revoke('01JD0000000000000000000099', { reason: 'Widerruf' })).status).toBe(404);
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body.status).toBe('pending');
  });

  it('shows an active mandate unused for 36 months as expired everywhere, and does not revoke it (409)', async () => {
    clock.set('2030-06-15T10:00:00Z');
    const contract = await createContract();
    const key = { pk: `CONTRACT#${contract.id}`, sk: 'CONTRACT#MANDATE#001' };
    // Signed and last collected as the later sessions' routes will record it.
    await overwriteAttribute(key, 'status', 'active');
    await overwriteAttribute(key, 'signedAt', '2026-01-10T09:00:00.000Z');
    await overwriteAttribute(key, 'lastCollectedOn', '2027-06-14');

    const current = await api.request('GET', `/api/contracts/${contract.id}/mandate`);
    const all = await api.request('GET', `/api/contracts/${contract.id}/mandates`);
    const read = await api.request('GET', `/api/contracts/${contract.id}`);
    const revoked = await revoke(contract.id, { reason: 'Widerruf' });

    expect([current.body.status, all.body.items[0].status, read.body.mandate.status]).toEqual([
      'expired',
      'expired',
      'expired',
    ]);
    expect(revoked.status).toBe(409);
    expect(revoked.body.detail).toBe('Ein Mandat im Status expired kann nicht widerrufen werden');
    clock.set('2030-06-14T10:00:00Z');
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body.status).toBe('active');
  });
});
