import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { localUsers } from '../../infra/local/local-tokens.ts';
import { unique, useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { signaturePng } from '../support/images.ts';
import { useStudioProfile } from '../support/studio.ts';
import { tableClient } from '../support/table.ts';

const api = useApi();
useStudioProfile(api); // Europe/Berlin
const clock = useClock();

const png = signaturePng;

let parties: { contactId: string; serviceId: string };
beforeAll(async () => {
  const contact = await api.request('POST', '/api/contacts', {
    body: { firstName: 'Erika', lastName: unique('Mustermann'), email: `${unique('erika')}@example.com` },
  });
  const service = await api.request('POST', '/api/services', {
    body: { name: unique('Fitness '), price: { amount: 3900, currency: 'EUR' }, billingInterval: 'month' },
  });
  parties = { contactId: contact.body.id, serviceId: service.body.id };
});

type Body = Record<string, unknown>;

const create = async (term: Body = {}) => {
  const response = await api.request('POST', '/api/contracts', {
    body: { contactId: parties.contactId, items: [{ serviceId: parties.serviceId }], startDate: '2026-01-15', ...term },
  });
  expect(response.status).toBe(201);
  return response.body;
};

const sign = (contract: { id: string; documentHash: string }, role = 'customer') =>
  api.request('POST', `/api/contracts/${contract.id}/signatures`, {
    body: {
      role,
      signerName: 'Erika Mustermann',
      documentHash: contract.documentHash,
      signatureImage: png,
      consent: true,
    },
  });

/** A contract signed by the customer at `signedAt` (the clock stays there). */
const signedContract = async (term: Body, signedAt: string) => {
  clock.set(signedAt);
  const contract = await create(term);
  const signed = await sign(contract);
  expect(signed.status).toBe(201);
  return signed.body;
};

const preview = (id: string, receivedOn?: string, as: 'owner' | 'staff' = 'owner') =>
  api.request('GET', `/api/contracts/${id}/termination-preview${receivedOn ? `?receivedOn=${receivedOn}` : ''}`, {
    as,
  });

const terminate = (id: string, body: Body = {}, as: 'owner' | 'staff' = 'staff') =>
  api.request('POST', `/api/contracts/${id}/termination`, { body, as });

const withdraw = (id: string, as: 'owner' | 'staff' = 'owner', headers: Record<string, string> = {}) =>
  api.request('DELETE', `/api/contracts/${id}/termination`, { as, headers });

const get = async (id: string) => (await api.request('GET', `/api/contracts/${id}`)).body;

const month = (value = 1) => ({ value, unit: 'month' });

describe('the example table of docs/openapi/contracts.ts, asked through the preview', () => {
  it.each([
    ['2026-01-15', 12, month(), '2026-12-14', '2027-01-14', '2027-01-14'],
    ['2026-01-15', 12, month(), '2026-12-15', '2027-01-14', '2027-01-15'],
    ['2026-01-31', 1, month(), '2026-01-31', '2026-02-28', '2026-02-28'],
    ['2024-02-29', 12, { value: 2, unit: 'week' }, '2024-03-01', '2025-02-28', '2025-02-28'],
    ['2026-03-01', 0, { value: 14, unit: 'day' }, '2026-05-20', null, '2026-06-03'],
    ['2026-01-01', 24, month(), '2027-12-31', '2027-12-31', '2028-01-31'],
  ])(
    'start %s, %i months, notice %o, received %s: minimum term ends %s, earliest end %s',
    async (startDate, minimumTermMonths, noticePeriod, receivedOn, termEnd, earliest) => {
      const contract = await create({ startDate, minimumTermMonths, noticePeriod });

      const response = await preview(contract.id, receivedOn);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ receivedOn, minimumTermEndsOn: termEnd, noticePeriod, earliestEndOn: earliest });
    },
  );
});

describe('computed dates', () => {
  it('are on every response, follow today in the studio’s zone, and are never stored', async () => {
    clock.set('2026-12-14T22:30:00Z'); // 23:30 on 14 December in Berlin
    const created = await create({ minimumTermMonths: 12, noticePeriod: month() });
    const listed = await api.request('GET', `/api/contracts?contactId=${parties.contactId}&limit=1`);
    clock.set('2026-12-14T23:30:00Z'); // 00:30 on 15 December in Berlin, still the 14th in UTC
    const nextDay = await get(created.id);

    expect(created).toMatchObject({ minimumTermEndsOn: '2027-01-14', endsOn: null, earliestEndOn: '2027-01-14' });
    expect(listed.body.items[0]).toMatchObject({ id: created.id, earliestEndOn: '2027-01-14' });
    expect(nextDay).toMatchObject({ minimumTermEndsOn: '2027-01-14', endsOn: null, earliestEndOn: '2027-01-15' });
    const { Item } = await tableClient().send(
      new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `CONTRACT#${created.id}`, sk: 'CONTRACT' } }),
    );
    expect(Item).toMatchObject({ id: created.id, termination: null });
    expect(Object.keys(Item ?? {})).not.toEqual(expect.arrayContaining(['minimumTermEndsOn']));
    expect(Item?.endsOn).toBeUndefined();
    expect(Item?.earliestEndOn).toBeUndefined();
  });

  it('default to no minimum term, indefinite renewal and one month’s notice', async () => {
    clock.set('2026-03-10T09:00:00Z');
    const contract = await create({ startDate: '2026-03-01' });

    expect(contract).toMatchObject({
      minimumTermMonths: 0,
      renewal: 'indefinite',
      noticePeriod: { value: 1, unit: 'month' },
      termination: null,
      minimumTermEndsOn: null,
      endsOn: null,
      earliestEndOn: '2026-04-10',
    });
  });

  it('end a contract without renewal by itself when its minimum term ends', async () => {
    clock.set('2026-01-10T09:00:00Z');
    const contract = await create({ startDate: '2026-01-31', minimumTermMonths: 6, renewal: 'none' });

    expect(contract).toMatchObject({
      minimumTermEndsOn: '2026-07-30',
      endsOn: '2026-07-30',
      earliestEndOn: '2026-07-30',
    });
  });

  it('are null for a cancelled offer, and its preview is 409', async () => {
    const contract = await create({ minimumTermMonths: 12, renewal: 'none' });

    const cancelled = await api.request('POST', `/api/contracts/${contract.id}/cancellation`, {
      body: { reason: 'Angebot abgelehnt' },
    });

    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      minimumTermEndsOn: '2027-01-14',
      endsOn: null,
      earliestEndOn: null,
    });
    const refused = await preview(contract.id, '2026-06-01');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Ein stornierter Vertrag kann nicht gekündigt werden');
  });
});

describe('a membership’s whole life', () => {
  it('create → sign → preview → terminate → withdraw → terminate again, each answer with its lawful dates', async () => {
    // A 12-month membership starting on the 31st: its minimum term ends on 30 January (§ 188 Abs. 2 BGB).
    clock.set('2026-01-20T09:00:00Z');
    const created = await create({ startDate: '2026-01-31', minimumTermMonths: 12, noticePeriod: month() });
    const signed = await sign(created);
    expect(signed.body).toMatchObject({ status: 'signed', minimumTermEndsOn: '2027-01-30', endsOn: null });

    clock.set('2026-12-20T15:00:00Z');
    const asked = await preview(created.id, undefined, 'staff');
    expect(asked.body).toEqual({
      receivedOn: '2026-12-20',
      minimumTermEndsOn: '2027-01-30',
      noticePeriod: month(),
      earliestEndOn: '2027-01-30',
    });

    const terminated = await terminate(created.id);
    expect(terminated.status).toBe(200);
    expect(terminated.headers.get('etag')).toBe('"3"');
    expect(terminated.body).toMatchObject({
      status: 'terminated',
      version: 3,
      documentHash: created.documentHash,
      endsOn: '2027-01-30',
      earliestEndOn: null,
      termination: {
        kind: 'ordinary',
        receivedOn: '2026-12-20',
        endsOn: '2027-01-30',
        reason: null,
        recordedAt: '2026-12-20T15:00:00.000Z',
        recordedBy: localUsers.staff.sub,
      },
    });
    expect(await get(created.id)).toEqual(terminated.body);
    const terminatedList = await api.request('GET', '/api/contracts?status=terminated&limit=100');
    expect(terminatedList.body.items.map((item: { id: string }) => item.id)).toContain(created.id);

    clock.set('2027-01-05T10:00:00Z');
    const withdrawn = await withdraw(created.id);
    expect(withdrawn.status).toBe(204);
    expect(withdrawn.text).toBe('');
    const running = await get(created.id);
    expect(running).toMatchObject({
      status: 'signed',
      version: 4,
      termination: null,
      endsOn: null,
      earliestEndOn: '2027-02-05',
    });
    const signedList = await api.request('GET', '/api/contracts?status=signed&limit=100');
    expect(signedList.body.items.map((item: { id: string }) => item.id)).toContain(created.id);
    expect(
      (await api.request('GET', '/api/contracts?status=terminated&limit=100')).body.items.map(
        (item: { id: string }) => item.id,
      ),
    ).not.toContain(created.id);

    const again = await terminate(created.id, { endsOn: '2027-03-31', reason: 'Umzug' }, 'owner');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      status: 'terminated',
      version: 5,
      endsOn: '2027-03-31',
      termination: {
        kind: 'ordinary',
        receivedOn: '2027-01-05',
        endsOn: '2027-03-31',
        reason: 'Umzug',
        recordedBy: localUsers.owner.sub,
      },
    });
    expect((await api.request('GET', `/api/contracts/${created.id}/verification`)).body.valid).toBe(true);

    // Status never changes by itself: on its last day it is still terminated, and it can no longer be withdrawn.
    clock.set('2027-03-31T08:00:00Z');
    const tooLate = await withdraw(created.id);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.detail).toContain('2027-03-31');
    clock.set('2027-04-02T08:00:00Z');
    expect(await get(created.id)).toMatchObject({ status: 'terminated', endsOn: '2027-03-31', version: 5 });
    expect((await withdraw(created.id)).status).toBe(409);
    expect((await terminate(created.id)).status).toBe(409);
    expect((await sign(created, 'studio')).status).toBe(409);
  });
});

describe('POST /api/contracts/:id/termination', () => {
  it('answers 409 for a pending offer (pointing to cancellation), a cancelled and an already terminated contract', async () => {
    const pending = await create({ minimumTermMonths: 12 });
    const cancelled = await create();
    await api.request('POST', `/api/contracts/${cancelled.id}/cancellation`, { body: { reason: 'Abgelehnt' } });
    const terminated = await signedContract({ minimumTermMonths: 12 }, '2026-02-01T10:00:00Z');
    expect((await terminate(terminated.id)).status).toBe(200);

    const onPending = await terminate(pending.id);
    const onCancelled = await terminate(cancelled.id);
    const twice = await terminate(terminated.id);

    expect(onPending.status).toBe(409);
    expect(onPending.body.title).toBe('Konflikt mit dem aktuellen Zustand');
    expect(onPending.body.detail).toContain(`/api/contracts/${pending.id}/cancellation`);
    expect(onCancelled.status).toBe(409);
    expect(onCancelled.body.detail).toBe('Ein stornierter Vertrag kann nicht gekündigt werden');
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toContain('bereits gekündigt');
    expect((await get(pending.id)).status).toBe('pending');
  });

  it('takes a later end than the earliest, and refuses an earlier one with 400 naming the earliest', async () => {
    const contract = await signedContract({ minimumTermMonths: 12 }, '2026-01-10T10:00:00Z');
    clock.set('2026-06-01T10:00:00Z');

    const tooEarly = await terminate(contract.id, { receivedOn: '2026-05-20', endsOn: '2027-01-13' });
    const later = await terminate(contract.id, { receivedOn: '2026-05-20', endsOn: '2027-02-28' });

    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.title).toBe('Anfrage ist ungültig');
    expect(tooEarly.body.detail).toBe('Die Kündigung kann den Vertrag frühestens zum 2027-01-14 beenden');
    expect(tooEarly.body.errors).toEqual([
      { path: 'endsOn', message: expect.stringMatching(/^Frühestens 2027-01-14/) },
    ]);
    expect(later.status).toBe(200);
    expect(later.body.termination).toMatchObject({ receivedOn: '2026-05-20', endsOn: '2027-02-28' });
  });

  it('refuses a receipt day in the future or before the day the contract was signed', async () => {
    const contract = await signedContract({ minimumTermMonths: 12 }, '2026-01-10T23:30:00Z'); // 11 January in Berlin
    clock.set('2026-03-01T10:00:00Z');

    const future = await terminate(contract.id, { receivedOn: '2026-03-02' });
    const beforeSigning = await terminate(contract.id, { receivedOn: '2026-01-10' });
    const onSigningDay = await terminate(contract.id, { receivedOn: '2026-01-11' });

    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual([
      { path: 'receivedOn', message: 'Darf nicht in der Zukunft liegen (heute ist 2026-03-01)' },
    ]);
    expect(beforeSigning.status).toBe(400);
    expect(beforeSigning.body.errors).toEqual([
      { path: 'receivedOn', message: 'Darf nicht vor dem Tag der Unterschrift (2026-01-11) liegen' },
    ]);
    expect(onSigningDay.status).toBe(200);
    expect(onSigningDay.body.endsOn).toBe('2027-01-14');
  });

  it('counts the signing day from the later signature when the studio must sign too', async () => {
    clock.set('2026-01-05T10:00:00Z');
    const contract = await create({ requireStudioSignature: true });
    await sign(contract);
    clock.set('2026-01-08T10:00:00Z');
    await sign(contract, 'studio');
    clock.set('2026-02-01T10:00:00Z');

    const beforeStudio = await terminate(contract.id, { receivedOn: '2026-01-07' });

    expect(beforeStudio.body.errors).toEqual([
      { path: 'receivedOn', message: 'Darf nicht vor dem Tag der Unterschrift (2026-01-08) liegen' },
    ]);
  });

  it('records an extraordinary termination (§ 314 BGB) with its reason and its own end, even within the minimum term', async () => {
    const contract = await signedContract({ minimumTermMonths: 24 }, '2026-01-10T10:00:00Z');
    clock.set('2026-04-01T10:00:00Z');

    const withoutReason = await terminate(contract.id, { kind: 'extraordinary', endsOn: '2026-04-01' });
    const withoutEnd = await terminate(contract.id, { kind: 'extraordinary', reason: 'Dauerhafte Sportunfähigkeit' });
    const endBeforeReceipt = await terminate(contract.id, {
      kind: 'extraordinary',
      receivedOn: '2026-03-30',
      endsOn: '2026-03-29',
      reason: 'Dauerhafte Sportunfähigkeit',
    });
    const recorded = await terminate(contract.id, {
      kind: 'extraordinary',
      receivedOn: '2026-03-30',
      endsOn: '2026-03-31',
      reason: 'Dauerhafte Sportunfähigkeit',
    });

    expect(withoutReason.status).toBe(400);
    expect(withoutReason.body.errors).toEqual([
      { path: 'reason', message: 'Pflichtfeld bei einer außerordentlichen Kündigung (§ 314 BGB)' },
    ]);
    expect(withoutEnd.status).toBe(400);
    expect(withoutEnd.body.errors).toEqual([
      { path: 'endsOn', message: 'Pflichtfeld bei einer außerordentlichen Kündigung (§ 314 BGB)' },
    ]);
    expect(endBeforeReceipt.status).toBe(400);
    expect(endBeforeReceipt.body.errors).toEqual([
      { path: 'endsOn', message: 'Darf nicht vor dem Eingang der Kündigung (2026-03-30) liegen' },
    ]);
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({
      status: 'terminated',
      minimumTermEndsOn: '2028-01-14',
      endsOn: '2026-03-31',
      termination: {
        kind: 'extraordinary',
        receivedOn: '2026-03-30',
        endsOn: '2026-03-31',
        reason: 'Dauerhafte Sportunfähigkeit',
      },
    });
  });

  it('refuses an ordinary termination of a contract without renewal (409), but takes an extraordinary one', async () => {
    const contract = await signedContract({ minimumTermMonths: 6, renewal: 'none' }, '2026-01-10T10:00:00Z');
    clock.set('2026-03-01T10:00:00Z');

    const ordinary = await terminate(contract.id);
    const extraordinary = await terminate(contract.id, {
      kind: 'extraordinary',
      endsOn: '2026-03-01',
      reason: 'Studio schließt',
    });

    expect(ordinary.status).toBe(409);
    expect(ordinary.body.detail).toContain('endet von selbst am 2026-07-14');
    expect(extraordinary.status).toBe(200);
    expect(extraordinary.body.endsOn).toBe('2026-03-01');
  });

  it('answers 409 to anything on a contract that has ended, whose status stays as it was', async () => {
    const contract = await signedContract(
      { minimumTermMonths: 1, renewal: 'none', requireStudioSignature: true },
      '2026-01-10T10:00:00Z',
    );
    expect(contract.status).toBe('pending');
    clock.set('2026-02-15T10:00:00Z'); // the minimum term ended on 14 February

    const signature = await sign(contract, 'studio');
    const extraordinary = await terminate(contract.id, {
      kind: 'extraordinary',
      endsOn: '2026-02-15',
      reason: 'Grund',
    });

    expect(signature.status).toBe(409);
    expect(signature.body.detail).toBe(
      'Der Vertrag ist am 2026-02-14 beendet und kann nicht mehr unterschrieben werden',
    );
    expect(extraordinary.status).toBe(409);
    expect(await get(contract.id)).toMatchObject({ status: 'pending', endsOn: '2026-02-14', version: 2 });
  });

  it('answers 400 to dates that do not exist, unknown kinds and unknown fields, and 404 to an unknown contract', async () => {
    const contract = await signedContract({ minimumTermMonths: 12 }, '2026-01-10T10:00:00Z');

    const cases = [
      [{ receivedOn: '2026-02-30' }, 'receivedOn', 'Muss ein echtes Kalenderdatum sein'],
      [{ endsOn: '2027-13-01' }, 'endsOn', 'Muss ein Datum im Format YYYY-MM-DD sein'],
      [{ kind: 'sideways' }, 'kind', 'Muss ordinary oder extraordinary sein'],
      [{ effectiveOn: '2027-01-14' }, 'effectiveOn', undefined],
    ] as const;
    for (const [body, path, message] of cases) {
      const response = await terminate(contract.id, body);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].path).toBe(path);
      if (message) expect(response.body.errors[0].message).toBe(message);
    }
    expect((await terminate('01JD0000000000000000000000')).status).toBe(404);
    expect((await get(contract.id)).status).toBe('signed');
  });
});

describe('GET /api/contracts/:id/termination-preview', () => {
  it('takes today in the studio’s zone by default and any day when asked', async () => {
    const contract = await create({ minimumTermMonths: 12, noticePeriod: { value: 2, unit: 'week' } });
    clock.set('2026-12-31T23:30:00Z'); // 1 January 2027 in Berlin

    const today = await preview(contract.id);
    const longAgo = await preview(contract.id, '2020-01-01', 'staff');

    expect(today.body).toMatchObject({ receivedOn: '2027-01-01', earliestEndOn: '2027-01-15' });
    expect(longAgo.body).toMatchObject({ receivedOn: '2020-01-01', earliestEndOn: '2027-01-14' });
  });

  it('answers 400 to bad days and unknown parameters, 404 to an unknown contract', async () => {
    const contract = await create();

    for (const query of ['receivedOn=2026-02-29', 'receivedOn=heute', 'receivedOn=9999-12-31', 'on=2026-01-01']) {
      const response = await api.request('GET', `/api/contracts/${contract.id}/termination-preview?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.title).toBe('Anfrage ist ungültig');
    }
    expect((await preview('01JD0000000000000000000000')).status).toBe(404);
  });
});

describe('roles', () => {
  it('let staff terminate, but only owners withdraw a termination and cancel an offer', async () => {
    const contract = await signedContract({ minimumTermMonths: 12 }, '2026-01-10T10:00:00Z');
    const offer = await create();
    clock.set('2026-05-01T10:00:00Z');

    const byStaff = await terminate(contract.id, {}, 'staff');
    const withdrawByStaff = await withdraw(contract.id, 'staff');
    const cancelByStaff = await api.request('POST', `/api/contracts/${offer.id}/cancellation`, {
      body: { reason: 'x' },
      as: 'staff',
    });
    const withdrawByOwner = await withdraw(contract.id, 'owner');

    expect(byStaff.status).toBe(200);
    expect(withdrawByStaff.status).toBe(403);
    expect(withdrawByStaff.body.detail).toBe('Erfordert die Rolle owner');
    expect(cancelByStaff.status).toBe(403);
    expect(withdrawByOwner.status).toBe(204);
    expect((await get(offer.id)).status).toBe('pending');
  });
});

describe('DELETE /api/contracts/:id/termination', () => {
  it('answers 409 without a termination and 412 for a stale If-Match', async () => {
    const contract = await signedContract({ minimumTermMonths: 12 }, '2026-01-10T10:00:00Z');

    const nothingToWithdraw = await withdraw(contract.id);
    const terminated = await terminate(contract.id);
    const stale = await withdraw(contract.id, 'owner', { 'if-match': '"2"' });
    const current = await withdraw(contract.id, 'owner', { 'if-match': `"${terminated.body.version}"` });

    expect(nothingToWithdraw.status).toBe(409);
    expect(nothingToWithdraw.body.detail).toBe(
      'Der Vertrag ist nicht gekündigt; es gibt keine Kündigung zurückzunehmen',
    );
    expect(stale.status).toBe(412);
    expect(current.status).toBe(204);
  });
});

describe('POST /api/contracts/:id/cancellation', () => {
  it('is only for pending offers: a signed or terminated contract gets 409 pointing to termination', async () => {
    const contract = await signedContract({ minimumTermMonths: 12 }, '2026-01-10T10:00:00Z');

    const signed = await api.request('POST', `/api/contracts/${contract.id}/cancellation`, {
      body: { reason: 'Umzug' },
    });
    await terminate(contract.id);
    const terminated = await api.request('POST', `/api/contracts/${contract.id}/cancellation`, {
      body: { reason: 'Umzug' },
    });

    expect(signed.status).toBe(409);
    expect(signed.body.detail).toBe(
      `Ein unterschriebener Vertrag kann nicht storniert werden; kündigen Sie ihn stattdessen (POST /api/contracts/${contract.id}/termination)`,
    );
    expect(terminated.status).toBe(409);
    expect(await get(contract.id)).toMatchObject({ status: 'terminated', cancelledAt: null });
  });
});

describe('races', () => {
  it('of two terminations at once, one wins and the other gets 409', async () => {
    const contract = await signedContract({ minimumTermMonths: 12 }, '2026-01-10T10:00:00Z');

    const responses = await Promise.all([
      terminate(contract.id, { reason: 'erste' }),
      terminate(contract.id, { reason: 'zweite' }, 'owner'),
    ]);

    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = responses.find((response) => response.status === 200);
    expect(await get(contract.id)).toMatchObject({
      status: 'terminated',
      version: 3,
      termination: winner?.body.termination,
    });
  });

  it('a termination and a withdrawal at once leave one consistent state, whichever comes first', async () => {
    for (let round = 0; round < 4; round++) {
      const contract = await signedContract({ minimumTermMonths: 12 }, '2026-01-10T10:00:00Z');
      expect((await terminate(contract.id)).status).toBe(200);

      const [withdrawal, termination] = await Promise.all([
        withdraw(contract.id),
        terminate(contract.id, { reason: 'neu' }),
      ]);

      expect(withdrawal.status).toBe(204);
      const stored = await get(contract.id);
      if (termination.status === 200) {
        // The withdrawal came first; the new termination stands.
        expect(stored).toMatchObject({ status: 'terminated', version: 5, termination: { reason: 'neu' } });
      } else {
        // The termination found the old one still there; then it was withdrawn.
        expect(termination.status).toBe(409);
        expect(stored).toMatchObject({ status: 'signed', version: 4, termination: null });
      }
    }
  });
});

describe('POST /api/contracts: the term', () => {
  it('accepts every notice bound that holds for every calendar date', async () => {
    for (const noticePeriod of [
      { value: 28, unit: 'day' },
      { value: 4, unit: 'week' },
      { value: 1, unit: 'month' },
      { value: 0, unit: 'day' },
    ]) {
      expect((await create({ noticePeriod })).noticePeriod).toEqual(noticePeriod);
    }
  });

  it('answers 400 in German for unlawful or malformed terms and the fields that are gone', async () => {
    const cases = [
      [{ renewal: 'none', minimumTermMonths: 0 }, 'renewal', /^none verlangt eine Mindestlaufzeit/],
      [{ renewal: 'none' }, 'renewal', /^none verlangt eine Mindestlaufzeit/],
      [{ renewal: 'yearly' }, 'renewal', /^Muss indefinite oder none sein$/],
      [
        { noticePeriod: { value: 29, unit: 'day' } },
        'noticePeriod.value',
        /^Höchstens 28 Tage: die Kündigungsfrist darf nie länger als einen Monat sein/,
      ],
      [{ noticePeriod: { value: 5, unit: 'week' } }, 'noticePeriod.value', /^Höchstens 4 Wochen/],
      [{ noticePeriod: { value: 2, unit: 'month' } }, 'noticePeriod.value', /^Höchstens 1 Monat/],
      [{ noticePeriod: { value: 1, unit: 'year' } }, 'noticePeriod.unit', /^Muss day, week oder month sein$/],
      [{ noticePeriod: { value: 1.5, unit: 'week' } }, 'noticePeriod.value', /^Muss eine ganze Zahl sein$/],
      [{ noticePeriod: { value: -1, unit: 'day' } }, 'noticePeriod.value', /^Darf nicht negativ sein$/],
      [{ minimumTermMonths: 25 }, 'minimumTermMonths', /§ 309 Nr. 9 Buchst. a BGB/],
      [{ startDate: '2026-02-29' }, 'startDate', /^Muss ein echtes Kalenderdatum sein$/],
      [{ startDate: '9998-01-01' }, 'startDate', /^Darf nicht nach dem 9997-12-31 liegen$/],
      [{ endDate: '2027-11-30' }, 'endDate', /./],
      [{ noticePeriodDays: 30 }, 'noticePeriodDays', /./],
    ] as const;
    for (const [term, path, message] of cases) {
      const response = await api.request('POST', '/api/contracts', {
        body: {
          contactId: parties.contactId,
          items: [{ serviceId: parties.serviceId }],
          startDate: '2026-01-15',
          ...term,
        },
      });
      expect(response.status, JSON.stringify(term)).toBe(400);
      expect(response.body.errors, JSON.stringify(term)).toEqual([{ path, message: expect.stringMatching(message) }]);
    }
  });
});
