import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#shared/http/ids.ts';
import { itemKindOf } from '#shared/privacy/inventory.ts';
import { useApi } from '../support/api.ts';
import { contractOf, customerIban, itemsNaming, newPerson, personWithEverything, signByCustomer } from './person.ts';

// Copies and originals live under <DATA_DIR>: a folder of this file's own.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'studio-api-privacy-export-'));
const api = useApi();
beforeAll(() => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
});

type Category = { category: string; purpose: string; retention: string; items: Record<string, unknown>[] };

const countBy = (kinds: unknown[]) =>
  Object.fromEntries(
    [...new Set(kinds.map(String))].sort().map((kind) => [kind, kinds.filter((k) => k === kind).length]),
  );

describe('GET /api/contacts/:id/export', () => {
  it('answers one JSON attachment with the whole graph of the person, each category with its purpose and retention', async () => {
    const person = await personWithEverything(api);

    const response = await api.request('GET', `/api/contacts/${person.contact.id}/export`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="contact-${person.contact.id}-personal-data.json"`,
    );
    const categories = response.body.categories as Category[];
    const named = (category: string) => categories.find((entry) => entry.category === category)?.items ?? [];
    expect(named('contact')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'contact', email: person.email, phone: '+49 30 5550123' }),
        expect.objectContaining({ entity: 'contactEmail', contactId: person.contact.id }),
      ]),
    );
    expect(named('contracts')).toEqual([
      expect.objectContaining({ id: person.contract.id, status: 'terminated', termination: expect.any(Object) }),
    ]);
    expect(
      named('signatures')
        .map((item) => item.entity)
        .sort(),
    ).toEqual(['signature', 'signatureImage']);
    expect(named('signatures')).toContainEqual(
      expect.objectContaining({ signerName: 'Erika Privat', ipAddress: expect.any(String) }),
    );
    // The full IBAN, which the mandate's own answers mask.
    expect(JSON.stringify(named('mandates'))).toContain(customerIban);
    expect(named('copies')).toEqual([expect.objectContaining({ to: person.email })]);
    expect(named('stored documents')).toContainEqual(expect.objectContaining({ kind: 'signed_original' }));
    expect(named('stored documents')).toContainEqual(expect.objectContaining({ kind: 'amendment' }));
    // The collected due as stored, then the planned ones as GET …/dues shows them (computed, never stored).
    const planned = (await api.request('GET', `/api/contracts/${person.contract.id}/dues`)).body.items.filter(
      (due: { status: string }) => due.status === 'planned',
    );
    expect(named('dues')).toEqual([
      expect.objectContaining({ contractId: person.contract.id, collectionId: expect.any(String) }),
      ...planned.map((due: object) => ({ contractId: person.contract.id, ...due })),
    ]);
    // The debit as it went to the bank: the full IBAN and the holder.
    expect(named('debits')).toEqual([
      expect.objectContaining({ contractId: person.contract.id, iban: customerIban, accountHolder: 'Erika Privat' }),
    ]);
    // Declared without login with the email in capitals: found all the same.
    expect(named('declarations')).toEqual([
      expect.objectContaining({
        declaration: expect.objectContaining({ lastName: person.lastName, email: person.email.toUpperCase() }),
      }),
    ]);
    expect(named('events').map((event) => event.type)).toEqual(
      expect.arrayContaining(['contact.created', 'contract.created', 'contract.signed', 'contract.terminated']),
    );
    for (const category of categories) {
      expect(category.purpose, category.category).not.toBe('');
      expect(category.retention, category.category).not.toBe('');
      // The table's keys say nothing about the person and stay out.
      for (const item of category.items) expect(Object.keys(item)).not.toContain('pk');
    }
    // Each category once, in one of the two lists.
    const listed = [...categories, ...response.body.notFromThePerson].map(({ category }) => category);
    expect(listed).toEqual([...new Set(listed)]);
    expect(response.body.notFromThePerson).toContainEqual(
      expect.objectContaining({ category: 'idempotency records', retention: expect.stringContaining('24 hours') }),
    );
  }, 120_000);

  it('gives the dues a running contract is still to pay as GET …/dues shows them', async () => {
    const person = await newPerson(api);
    const contract = await contractOf(api, person.contact.id);
    await signByCustomer(api, contract);
    const dues = (await api.request('GET', `/api/contracts/${contract.id}/dues`)).body.items;

    const response = await api.request('GET', `/api/contacts/${person.contact.id}/export`);

    expect(dues.length).toBeGreaterThan(0);
    const exported = (response.body.categories as Category[]).find(({ category }) => category === 'dues');
    expect(exported?.items).toEqual(dues.map((due: object) => ({ contractId: contract.id, ...due })));
  }, 120_000);

  it('leaves out no item that names the person and can be found from it: the table scanned agrees kind by kind', async () => {
    const person = await personWithEverything(api);

    const response = await api.request('GET', `/api/contacts/${person.contact.id}/export`);

    // Stored items all have their kind (`entity`); the planned dues, computed on every read, have none.
    const exported = (response.body.categories as Category[])
      .flatMap((category) => category.items)
      .filter((item) => item.entity !== undefined);
    // The IBAN is every test person's, so it finds the others' mandates too: the ids, the email and the last name
    // (a public declaration holds only those, its email as typed) are this one's.
    const inTable = (await itemsNaming(person.contact.id, person.contract.id, person.email, person.lastName)).filter(
      (item) => itemKindOf(item)?.reach.from !== 'nowhere',
    );
    expect(countBy(exported.map((item) => item.entity))).toEqual(countBy(inTable.map((item) => item.entity)));
  }, 120_000);

  it('is for owners only: staff get 403, and an unknown contact is 404', async () => {
    const person = await personWithEverything(api);

    expect((await api.request('GET', `/api/contacts/${person.contact.id}/export`, { as: 'staff' })).status).toBe(403);
    expect((await api.request('GET', `/api/contacts/${newId()}/export`)).status).toBe(404);
  }, 120_000);
});
