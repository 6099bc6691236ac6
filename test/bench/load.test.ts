import { describe, expect, it } from 'vitest';
import { type ApiResponse, type RequestOptions, unique, useApi } from '../support/api.ts';
import { pngDataUrl } from '../support/fuzz-arbitraries.ts';
import { useStudioProfile } from '../support/studio.ts';

/**
 * A bounded load run on loopback: a fixed number of mixed requests with a
 * fixed number in flight, then the state left behind must add up exactly:
 * every 201 is listed once, every version counts its changes, no update is
 * lost and contract numbers have no gaps. Nothing here waits for time to pass.
 */

const api = useApi();
// Contracts name the studio as a party: none can be created before its profile exists.
useStudioProfile(api);

const operationCount = 500;
const inFlight = 50;
const contendingWriters = 40;
const maxAttemptsPerWriter = 200;

interface Exchange {
  operation: string;
  method: string;
  path: string;
  status: number;
  text: string;
}

/** Runs `count` tasks, at most `concurrency` at once. */
const inPool = async (count: number, concurrency: number, task: (index: number) => Promise<void>) => {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
};

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every page of a list, following `nextCursor` to the end. */
const listAll = async (path: string): Promise<any[]> => {
  const items: any[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const url: string = `${path}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response: ApiResponse = await api.request('GET', url);
    expect(response.status, response.text).toBe(200);
    items.push(...response.body.items);
    cursor = response.body.nextCursor;
    if (!cursor) return items;
  }
  throw new Error(`${path} did not end after 100 pages`);
};

const countBy = <T>(items: readonly T[], key: (item: T) => string | number) => {
  const counts = new Map<string | number, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

describe('under load on loopback', () => {
  it('answers 500 mixed requests, 50 at a time, without 5xx and leaves a state that adds up', async () => {
    const run = unique('Load');
    const exchanges: Exchange[] = [];
    const call = async (operation: string, method: string, path: string, options: RequestOptions = {}) => {
      const response = await api.request(method, path, options);
      exchanges.push({ operation, method, path, status: response.status, text: response.text.slice(0, 300) });
      return response;
    };
    const contacts = new Map<string, { body: any; puts: { version: number; notes: string }[] }>();
    const services: string[] = [];
    const contracts = new Map<string, { documentHash: string; signatures: number }>();
    const replays: { first: ApiResponse; replay: ApiResponse }[] = [];

    const createContact = async (index: number) => {
      const body = { firstName: `F${index}`, lastName: `${run}-${index}`, email: `${run}-${index}@example.com` };
      // Every fifth create is retried with its Idempotency-Key, as a client would after a timeout.
      const headers: Record<string, string> = index % 5 === 0 ? { 'idempotency-key': `${run}-${index}` } : {};
      const response = await call('create contact', 'POST', '/api/contacts', { body, headers });
      if (response.status !== 201) return;
      contacts.set(response.body.id, { body: response.body, puts: [] });
      if (headers['idempotency-key']) {
        replays.push({
          first: response,
          replay: await call('replay contact', 'POST', '/api/contacts', { body, headers }),
        });
      }
    };
    const createService = async (index: number) => {
      const body = { name: `${run} service ${index}`, price: { amount: 1000 + index, currency: 'EUR' } };
      const response = await call('create service', 'POST', '/api/services', { body });
      if (response.status === 201) services.push(response.body.id);
    };
    const operations: Record<string, (index: number) => Promise<void>> = {
      'create contact': createContact,
      'get contact': async (index) => {
        const id = pick([...contacts.keys()]);
        if (!id) return createContact(index);
        await call('get contact', 'GET', `/api/contacts/${id}`);
      },
      'list contacts': async () => {
        await call('list contacts', 'GET', `/api/contacts?search=${run}&limit=20`);
      },
      'replace contact': async (index) => {
        const id = pick([...contacts.keys()]);
        if (!id) return createContact(index);
        const current = await call('read before replace', 'GET', `/api/contacts/${id}`);
        if (current.status !== 200) return;
        const { firstName, lastName, email } = current.body;
        const notes = `revision ${index}`;
        const response = await call('replace contact', 'PUT', `/api/contacts/${id}`, {
          body: { firstName, lastName, email, notes },
          headers: { 'if-match': `"${current.body.version}"` },
        });
        if (response.status === 200) contacts.get(id)?.puts.push({ version: response.body.version, notes });
      },
      'create service': createService,
      'create contract': async (index) => {
        const contactId = pick([...contacts.keys()]);
        const serviceId = pick(services);
        if (!contactId) return createContact(index);
        if (!serviceId) return createService(index);
        const response = await call('create contract', 'POST', '/api/contracts', {
          body: { contactId, items: [{ serviceId, quantity: 1 + (index % 3) }], startDate: '2026-12-01' },
        });
        if (response.status === 201) {
          contracts.set(response.body.id, { documentHash: response.body.documentHash, signatures: 0 });
        }
      },
      'sign contract': async (index) => {
        const id = pick([...contracts.keys()]);
        const contract = id ? contracts.get(id) : undefined;
        if (!id || !contract) return operations['create contract']?.(index);
        const response = await call('sign contract', 'POST', `/api/contracts/${id}/signatures`, {
          body: {
            role: 'customer',
            signerName: `Signer ${index}`,
            documentHash: contract.documentHash,
            signatureImage: pngDataUrl,
            consent: true,
          },
        });
        if (response.status === 201) contract.signatures++;
      },
      'list contracts': async () => {
        await call('list contracts', 'GET', '/api/contracts?limit=20');
      },
    };
    // 20 slots: the share of each operation in the mix.
    const mix = [
      ...Array<string>(4).fill('create contact'),
      ...Array<string>(3).fill('get contact'),
      ...Array<string>(2).fill('list contacts'),
      ...Array<string>(3).fill('replace contact'),
      ...Array<string>(2).fill('create service'),
      ...Array<string>(3).fill('create contract'),
      ...Array<string>(2).fill('sign contract'),
      'list contracts',
    ];
    const allowed: Record<string, number[]> = {
      'create contact': [201],
      'replay contact': [201],
      'get contact': [200],
      'list contacts': [200],
      'read before replace': [200],
      // Another writer changed the contact between the read and the write.
      'replace contact': [200, 412],
      'create service': [201],
      'create contract': [201],
      // Another request signed the same contract for the customer first.
      'sign contract': [201, 409],
      'list contracts': [200],
    };

    await inPool(operationCount, inFlight, async (index) => {
      const operation = mix[index % mix.length] ?? 'list contracts';
      await operations[operation]?.(index);
    });

    expect(exchanges.length).toBeGreaterThanOrEqual(operationCount);
    for (const operation of new Set(mix)) {
      expect(
        exchanges.some((e) => e.operation === operation && e.status < 300),
        `${operation} succeeded`,
      ).toBe(true);
    }
    expect(exchanges.filter((exchange) => exchange.status >= 500)).toEqual([]);
    expect(exchanges.filter((exchange) => !allowed[exchange.operation]?.includes(exchange.status))).toEqual([]);
    for (const { first, replay } of replays) {
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual(first.body);
    }

    const listedContacts = await listAll(`/api/contacts?search=${run}`);
    const listedServices = (await listAll('/api/services')).filter((service) => service.name.startsWith(run));
    const listedContracts = await listAll('/api/contracts');
    const created = (operation: string) => exchanges.filter((e) => e.operation === operation && e.status === 201);
    expect(listedContacts.map((contact) => contact.id).sort()).toEqual([...contacts.keys()].sort());
    expect(listedContacts).toHaveLength(created('create contact').length);
    expect(listedServices.map((service) => service.id).sort()).toEqual([...services].sort());
    expect(listedServices).toHaveLength(created('create service').length);
    expect(listedContracts.map((contract) => contract.id).sort()).toEqual([...contracts.keys()].sort());
    expect(listedContracts).toHaveLength(created('create contract').length);

    for (const contact of listedContacts) {
      const { puts } = contacts.get(contact.id) ?? { puts: [] };
      const versions = puts.map((put) => put.version).sort((a, b) => a - b);
      // Every successful PUT made exactly one new version, and the newest one's notes are what is stored.
      expect(versions, contact.id).toEqual(Array.from({ length: puts.length }, (_, i) => i + 2));
      expect(contact.version, contact.id).toBe(1 + puts.length);
      expect(contact.notes, contact.id).toBe(puts.find((put) => put.version === contact.version)?.notes ?? null);
    }
    for (const contract of listedContracts) {
      const { signatures } = contracts.get(contract.id) ?? { signatures: -1 };
      expect(signatures, contract.id).toBeLessThanOrEqual(1);
      expect(contract.status, contract.id).toBe(signatures === 1 ? 'signed' : 'pending');
      expect(contract.version, contract.id).toBe(1 + signatures);
    }
    // This file's table holds only these contracts: per year, the numbers are 1…n without a gap.
    const numbers = listedContracts.map((contract) => contract.number as string);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const [year, count] of countBy(numbers, (number) => number.split('-')[0] ?? '')) {
      const sequences = numbers
        .filter((number) => number.startsWith(`${year}-`))
        .map((number) => Number(number.split('-')[1]))
        .sort((a, b) => a - b);
      expect(sequences, String(year)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    }
  }, 90_000);

  it('loses no update when 40 writers change one contact with If-Match, retrying on 412', async () => {
    const created = await api.request('POST', '/api/contacts', {
      body: { firstName: 'Hot', lastName: unique('Contended') },
    });
    expect(created.status).toBe(201);
    const path = `/api/contacts/${created.body.id}`;
    const serverErrors: string[] = [];
    const unexpected: string[] = [];
    const successes: { writer: string; readVersion: number; newVersion: number }[] = [];
    const gaveUp: string[] = [];

    await inPool(contendingWriters, contendingWriters, async (index) => {
      const writer = `w${String(index).padStart(2, '0')}`;
      for (let attempt = 1; attempt <= maxAttemptsPerWriter; attempt++) {
        const current = await api.request('GET', path);
        if (current.status !== 200) {
          (current.status >= 500 ? serverErrors : unexpected).push(`GET ${current.status} ${current.text}`);
          return;
        }
        const { firstName, lastName, notes, version } = current.body;
        const response = await api.request('PUT', path, {
          body: { firstName, lastName, notes: notes ? `${notes} ${writer}` : writer },
          headers: { 'if-match': `"${version}"` },
        });
        if (response.status === 200) {
          successes.push({ writer, readVersion: version, newVersion: response.body.version });
          return;
        }
        if (response.status !== 412) {
          (response.status >= 500 ? serverErrors : unexpected).push(`PUT ${response.status} ${response.text}`);
          return;
        }
        await pause(Math.random() * 5);
      }
      gaveUp.push(writer);
    });

    expect(serverErrors).toEqual([]);
    expect(unexpected).toEqual([]);
    expect(gaveUp).toEqual([]);
    const final = await api.request('GET', path);
    expect(final.body.version).toBe(1 + successes.length);
    expect(final.headers.get('etag')).toBe(`"${1 + successes.length}"`);
    // Every successful PUT saw a version of its own and made the next one.
    expect(successes.map((success) => success.newVersion).sort((a, b) => a - b)).toEqual(
      Array.from({ length: contendingWriters }, (_, i) => i + 2),
    );
    for (const success of successes) expect(success.newVersion).toBe(success.readVersion + 1);
    const writers = final.body.notes.split(' ');
    expect([...countBy(writers, (writer: string) => writer).values()].every((count) => count === 1)).toBe(true);
    expect(writers.sort()).toEqual(
      Array.from({ length: contendingWriters }, (_, index) => `w${String(index).padStart(2, '0')}`),
    );
  }, 90_000);
});
