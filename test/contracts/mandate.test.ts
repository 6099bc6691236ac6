import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { isSepaIdentifier } from '#shared/sepa/charset.ts';
import { unique, useApi } from '../support/api.ts';
import { putStudioProfile, studioProfile } from '../support/studio.ts';
import { tableClient } from '../support/table.ts';

// A contract's direct debit and its SEPA mandate (docs/sepa.md). The file's table starts without a profile.
const api = useApi();

const sepa = { creditorId: 'DE98ZZZ09999999999', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };
const directDebit = { accountHolder: 'Max Mustermann', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx' };

const newParties = async () => {
  const contact = await api.request('POST', '/api/contacts', {
    body: { firstName: 'Erika', lastName: unique('Mustermann') },
  });
  const service = await api.request('POST', '/api/services', {
    body: { name: unique('Yoga '), price: { amount: 4900, currency: 'EUR' }, billingInterval: 'month' },
  });
  return { contactId: contact.body.id as string, items: [{ serviceId: service.body.id as string }] };
};

const createContract = async (extra: Record<string, unknown> = {}) =>
  api.request('POST', '/api/contracts', { body: { ...(await newParties()), startDate: '2027-01-01', ...extra } });

const contractCount = async () => (await api.request('GET', '/api/contracts?limit=100')).body.items.length;

const storedItem = async (key: { pk: string; sk: string }) =>
  (await tableClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key }))).Item;

const sha256OfCanonical = (value: unknown) =>
  `sha256:${createHash('sha256')
    .update(canonicalize(value) as string)
    .digest('hex')}`;

describe('a direct debit without the studio’s SEPA creditor data', () => {
  it('is 422 sepa-creditor-missing, in German, and stores no contract', async () => {
    await putStudioProfile(api, studioProfile);
    const before = await contractCount();

    const response = await createContract({ directDebit });

    expect(response.status).toBe(422);
    expect(response.body.type).toMatch(/\/sepa-creditor-missing$/);
    expect(response.body.title).toBe('Die SEPA-Gläubigerdaten des Studios fehlen noch');
    expect(response.body.detail).toContain('PUT /api/studio');
    expect(await contractCount()).toBe(before);
  });

  it('leaves a contract without direct debit as it was: no mandate', async () => {
    const response = await createContract();

    expect(response.status).toBe(201);
    expect(response.body.mandate).toBeNull();
    expect((await createContract({ directDebit: null })).body.mandate).toBeNull();
  });
});

describe('a contract with a direct debit', () => {
  it('gets a pending mandate: reference from the contract number, normalised account, the studio as creditor, its own hash', async () => {
    await putStudioProfile(api, { ...studioProfile, sepa });

    const response = await createContract({ directDebit });

    expect(response.status).toBe(201);
    const { id, number, mandate } = response.body;
    expect(mandate).toEqual({
      reference: `${number}-1`,
      status: 'pending',
      accountHolder: 'Max Mustermann',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      creditor: { name: studioProfile.legalName, creditorId: sepa.creditorId },
      mandateHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      signature: null,
      signedAt: null,
      revokedAt: null,
      revokedOn: null,
      revocationReason: null,
      lastCollectedOn: null,
    });
    expect(isSepaIdentifier(mandate.reference)).toBe(true);
    expect(mandate.mandateHash).toBe(
      sha256OfCanonical({
        contractId: id,
        reference: mandate.reference,
        creditor: mandate.creditor,
        accountHolder: mandate.accountHolder,
        iban: mandate.iban,
        bic: mandate.bic,
        scheme: 'CORE',
        type: 'RCUR',
      }),
    );
    expect((await api.request('GET', `/api/contracts/${id}`)).body).toEqual(response.body);
  });

  it('keeps the mandate beside the contract: an item of its own, not in the document hash, verification still valid', async () => {
    const response = await createContract({ directDebit: { ...directDebit, bic: null } });
    const { id } = response.body;

    expect(await storedItem({ pk: `CONTRACT#${id}`, sk: 'CONTRACT#MANDATE#001' })).toMatchObject({
      entity: 'mandate',
      reference: `${response.body.number}-1`,
      bic: null,
    });
    const contractItem = await storedItem({ pk: `CONTRACT#${id}`, sk: 'CONTRACT' });
    expect(contractItem).not.toHaveProperty('mandate');
    expect(contractItem).not.toHaveProperty('directDebit');
    expect((await api.request('GET', `/api/contracts/${id}/verification`)).body.valid).toBe(true);
  });

  it('names a later creditor as the studio stands then, and leaves earlier mandates as they were made', async () => {
    const first = await createContract({ directDebit });
    await putStudioProfile(api, { ...studioProfile, legalName: 'Studio Mitte Neu GmbH', sepa });
    const second = await createContract({ directDebit });

    expect(second.body.mandate.creditor.name).toBe('Studio Mitte Neu GmbH');
    expect((await api.request('GET', `/api/contracts/${first.body.id}`)).body.mandate).toEqual(first.body.mandate);
    await putStudioProfile(api, { ...studioProfile, sepa });
  });

  it.each([
    [
      'a wrong check digit',
      { iban: 'DE88370400440532013000' },
      'directDebit.iban',
      'Hat falsche Prüfziffern: die IBAN ist vertippt (MOD 97)',
    ],
    [
      'an IBAN outside SEPA',
      { iban: 'BR1800360305000010009795493C1' },
      'directDebit.iban',
      'Muss die IBAN eines Kontos in einem SEPA-Land sein',
    ],
    [
      'an IBAN of the wrong length',
      { iban: 'DE8937040044053201300' },
      'directDebit.iban',
      'Hat nicht die Länge einer IBAN ihres Landes',
    ],
    [
      'a BIC of 9 characters',
      { bic: 'DEUTDEFF5' },
      'directDebit.bic',
      'Muss eine BIC mit 8 oder 11 Zeichen sein (z. B. DEUTDEFF oder DEUTDEFF500)',
    ],
    ['an empty account holder', { accountHolder: ' ' }, 'directDebit.accountHolder', undefined],
    ['an account holder of 71 characters', { accountHolder: 'x'.repeat(71) }, 'directDebit.accountHolder', undefined],
    ['an unknown field', { mandateReference: 'X-1' }, 'directDebit.mandateReference', undefined],
  ])('refuses %s: 400 naming the field, nothing stored', async (_what, change, path, message) => {
    const before = await contractCount();

    const response = await createContract({ directDebit: { ...directDebit, ...change } });

    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    if (message) expect(response.body.errors[0].message).toBe(message);
    expect(await contractCount()).toBe(before);
  });

  it('needs an account holder and an IBAN', async () => {
    const response = await createContract({ directDebit: {} });

    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'directDebit.accountHolder',
      'directDebit.iban',
    ]);
  });
});

describe('GET /api/contracts/:id/mandate and …/mandates', () => {
  it('answer the current mandate with its German text, and all mandates oldest first', async () => {
    const { id, number, mandate } = (await createContract({ directDebit })).body;

    const current = await api.request('GET', `/api/contracts/${id}/mandate`, { as: 'staff' });
    const all = await api.request('GET', `/api/contracts/${id}/mandates`, { as: 'staff' });

    expect(current.status).toBe(200);
    expect(current.body).toEqual({
      ...mandate,
      text:
        `Ich ermächtige Studio Mitte GmbH (Gläubiger-Identifikationsnummer DE98ZZZ09999999999, Mandatsreferenz ${number}-1) ` +
        'Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die von ' +
        'Studio Mitte GmbH auf mein Konto gezogenen Lastschriften einzulösen. Hinweis: Ich kann innerhalb von acht Wochen, ' +
        'beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit ' +
        'meinem Kreditinstitut vereinbarten Bedingungen.',
    });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ items: [mandate] });
  });

  it('list the mandates oldest first and answer the newest as the current one', async () => {
    const { id, number, mandate } = (await createContract({ directDebit })).body;
    // A replacement mandate as a later route will write it: the next number in the contract's partition.
    const replacement = { ...mandate, reference: `${number}-2`, iban: 'DE02120300000000202051', bic: null };
    await tableClient().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME,
        Item: { pk: `CONTRACT#${id}`, sk: 'CONTRACT#MANDATE#002', entity: 'mandate', ...replacement },
      }),
    );

    const all = await api.request('GET', `/api/contracts/${id}/mandates`);
    const current = await api.request('GET', `/api/contracts/${id}/mandate`);

    expect(all.body.items.map((item: { reference: string }) => item.reference)).toEqual([`${number}-1`, `${number}-2`]);
    expect(current.body).toMatchObject({ reference: `${number}-2`, iban: 'DE02120300000000202051' });
    expect(current.body.text).toContain(`Mandatsreferenz ${number}-2)`);
    expect((await api.request('GET', `/api/contracts/${id}`)).body.mandate.reference).toBe(`${number}-2`);
  });

  it('answer a contract without a direct debit: 404 for its mandate, an empty list of mandates', async () => {
    const { id } = (await createContract()).body;

    const current = await api.request('GET', `/api/contracts/${id}/mandate`);
    const all = await api.request('GET', `/api/contracts/${id}/mandates`);

    expect(current.status).toBe(404);
    expect(current.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(current.body).toMatchObject({
      type: expect.stringMatching(/\/not-found$/),
      detail: 'Der Vertrag hat kein SEPA-Lastschriftmandat',
    });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ items: [] });
  });

  it('answer 404 for a contract that does not exist', async () => {
    for (const path of ['mandate', 'mandates']) {
      const response = await api.request('GET', `/api/contracts/01JD0000000000000000000099/${path}`);
      expect(response.status).toBe(404);
      expect(response.body.detail).toBe('Kein Vertrag hat diese ID');
    }
  });
});
