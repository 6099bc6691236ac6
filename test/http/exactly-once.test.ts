import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { routes } from '#shared/routes.ts';
import { type ApiResponse, unique, useApi } from '../support/api.ts';
import { type AnswerFault, type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { signaturePng } from '../support/images.ts';
import { studioProfile, useStudioProfile } from '../support/studio.ts';

const api = useApi();
let proxy: FaultProxy;

// Registered after useApi's setup: the handlers (loaded on the first request) talk to DynamoDB Local through the proxy.
beforeAll(async () => {
  proxy = await startFaultProxy(inject('dynamoEndpoint'));
  process.env.DYNAMODB_ENDPOINT = proxy.url;
  // Mailed copies go to an outbox of this file's own; webhooks may point at loopback, as locally.
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'studio-api-exactly-once-'));
  process.env.WEBHOOK_DESTINATIONS = 'local';
});
afterAll(() => proxy.close());
beforeEach(() => proxy.reset());
// Contracts name the studio as a party: none can be created before its profile exists.
useStudioProfile(api);

const png = signaturePng;

/** What stays the same between two runs of one request: everything but ids, times, numbers, hashes and seals. */
const comparable = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === 'value' || key === 'keyId' ? '<seal>' : comparable(inner),
      ]),
    );
  }
  if (typeof value !== 'string') return value;
  if (/^[0-9A-HJKMNP-TV-Z]{26}$/.test(value)) return '<id>';
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return '<time>';
  if (value.startsWith('sha256:') || /^[0-9a-f]{64}$/.test(value)) return '<hash>';
  if (value.startsWith('whsec_')) return '<secret>';
  // The outbox names a message by a random id of its own.
  if (value.endsWith('@studio.invalid')) return '<message-id>';
  if (/^\d{4}-\d{6}$/.test(value)) return '<number>';
  // unique() names and addresses differ between the two runs by their 12 hex digits.
  return value.replace(/[0-9A-HJKMNP-TV-Z]{26}/g, '<id>').replace(/[0-9a-f]{12}(?![0-9a-f])/g, '<unique>');
};

const seen = (response: ApiResponse, sameBut: readonly string[] = []) => {
  const body = comparable(response.body) as Record<string, unknown> | string;
  const differing = (value: unknown, key: string) => (sameBut.includes(key) ? '<differs between runs>' : value);
  return {
    status: response.status,
    location: comparable(response.headers.get('location')),
    etag: differing(response.headers.get('etag'), 'etag'),
    body:
      typeof body === 'object' && body
        ? Object.fromEntries(Object.entries(body).map(([key, value]) => [key, differing(value, key)]))
        : body,
  };
};

const post = async (path: string, body: unknown) => {
  const response = await api.request('POST', path, { body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};

const newContact = (email = true) =>
  post('/api/contacts', {
    firstName: 'Ida',
    lastName: unique('Once'),
    ...(email ? { email: `${unique('ida')}@example.com` } : {}),
  });
const newService = () => post('/api/services', { name: unique('Yoga '), price: { amount: 4900, currency: 'EUR' } });
const newContract = async () => {
  const [contact, service] = await Promise.all([newContact(), newService()]);
  const contract = await post('/api/contracts', {
    contactId: contact.id,
    items: [{ serviceId: service.id }],
    startDate: '2026-12-01',
  });
  return { contact, service, contract };
};
const signedContract = async () => {
  const { contract } = await newContract();
  const signed = await post(`/api/contracts/${contract.id}/signatures`, signBody(contract));
  return signed;
};
const terminatedContract = async () => {
  const contract = await signedContract();
  const response = await api.request('POST', `/api/contracts/${contract.id}/termination`, { body: {} });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const newWebhook = () => post('/api/webhooks', { url: `http://127.0.0.1:9/${unique('hooks')}`, types: ['*'] });
const openSession = (contractId: string) => post(`/api/contracts/${contractId}/signing-sessions`, {});
/** The token of a session's link: what the tablet page reads from the fragment. */
const tokenOf = (session: { url: string }) => new URL(session.url).hash.slice(1);
const signBody = (contract: { documentHash: string }) => ({
  role: 'customer',
  signerName: 'Ida Once',
  documentHash: contract.documentHash,
  signatureImage: png,
  consent: true,
});

interface WriteCase {
  /** The request, on records made fault-free beforehand. */
  prepare(): Promise<{
    method: string;
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
    /** Who asks: staff by default, nobody for the customer's tablet (its token is a header). */
    as?: null;
    /** The table holds exactly one application of the change. */
    holdsOnce(response: ApiResponse): Promise<void>;
    /** What may differ between two runs besides ids, times and generated names. */
    sameBut?: readonly string[];
  }>;
}

const get = (path: string) => api.request('GET', path);

// Every write route of the API, each with the state its change must leave exactly once.
const writeCases: Record<string, WriteCase> = {
  'POST /api/contacts': {
    prepare: async () => {
      const email = `${unique('new')}@example.com`;
      return {
        method: 'POST',
        path: '/api/contacts',
        body: { firstName: 'Ida', lastName: unique('Once'), email },
        holdsOnce: async () => {
          expect((await get(`/api/contacts?search=${encodeURIComponent(email)}`)).body.items).toHaveLength(1);
        },
      };
    },
  },
  'POST /api/contacts without email': {
    prepare: async () => {
      const lastName = unique('Noemail');
      return {
        method: 'POST',
        path: '/api/contacts',
        body: { firstName: 'Ida', lastName },
        holdsOnce: async () => {
          expect((await get(`/api/contacts?search=${lastName}`)).body.items).toHaveLength(1);
        },
      };
    },
  },
  'PUT /api/contacts/:id with If-Match': {
    prepare: async () => {
      const contact = await newContact();
      return {
        method: 'PUT',
        path: `/api/contacts/${contact.id}`,
        body: { firstName: 'Ida', lastName: contact.lastName, email: `${unique('moved')}@example.com` },
        headers: { 'if-match': '"1"' },
        holdsOnce: async () => {
          expect((await get(`/api/contacts/${contact.id}`)).body.version).toBe(2);
          // The old address was released exactly once: another contact may take it now.
          await newContactWithEmail(contact.email);
        },
      };
    },
  },
  'DELETE /api/contacts/:id': {
    prepare: async () => {
      const contact = await newContact();
      return {
        method: 'DELETE',
        path: `/api/contacts/${contact.id}`,
        holdsOnce: async () => {
          expect((await get(`/api/contacts/${contact.id}`)).status).toBe(404);
          await newContactWithEmail(contact.email);
        },
      };
    },
  },
  'POST /api/services': {
    prepare: async () => {
      const name = unique('Pilates ');
      return {
        method: 'POST',
        path: '/api/services',
        body: { name, price: { amount: 2500, currency: 'EUR' } },
        holdsOnce: async (response) => {
          expect((await get(`/api/services/${response.body.id}`)).body.version).toBe(1);
          expect(await countServicesNamed(name)).toBe(1);
        },
      };
    },
  },
  'PUT /api/services/:id with If-Match': {
    prepare: async () => {
      const service = await newService();
      return {
        method: 'PUT',
        path: `/api/services/${service.id}`,
        body: { name: service.name, price: { amount: 5400, currency: 'EUR' } },
        headers: { 'if-match': '"1"' },
        holdsOnce: async () => {
          expect((await get(`/api/services/${service.id}`)).body.version).toBe(2);
        },
      };
    },
  },
  'POST /api/contracts': {
    prepare: async () => {
      const [contact, service] = await Promise.all([newContact(), newService()]);
      return {
        method: 'POST',
        path: '/api/contracts',
        body: { contactId: contact.id, items: [{ serviceId: service.id }], startDate: '2026-12-01' },
        holdsOnce: async (response) => {
          expect((await get(`/api/contracts?contactId=${contact.id}`)).body.items).toHaveLength(1);
          // Gap-free numbers: the next contract takes the very next number.
          const next = (await newContract()).contract;
          expect(sequenceOf(next.number)).toBe(sequenceOf(response.body.number) + 1);
        },
      };
    },
  },
  'POST /api/contracts/:id/signatures': {
    prepare: async () => {
      const { contract } = await newContract();
      return {
        method: 'POST',
        path: `/api/contracts/${contract.id}/signatures`,
        body: signBody(contract),
        holdsOnce: async () => {
          const stored = (await get(`/api/contracts/${contract.id}`)).body;
          expect(stored.signatures).toHaveLength(1);
          expect(stored.version).toBe(2);
        },
      };
    },
  },
  'POST /api/contracts/:id/cancellation': {
    prepare: async () => {
      const { contract } = await newContract();
      return {
        method: 'POST',
        path: `/api/contracts/${contract.id}/cancellation`,
        body: { reason: 'Umzug' },
        holdsOnce: async () => {
          const stored = (await get(`/api/contracts/${contract.id}`)).body;
          expect(stored.status).toBe('cancelled');
          expect(stored.version).toBe(2);
        },
      };
    },
  },
  'PUT /api/studio': {
    prepare: async () => {
      const before = (await get('/api/studio')).body;
      return {
        method: 'PUT',
        path: '/api/studio',
        // The same body every run: the profile is one record, so only its version moves on.
        body: { ...studioProfile, phone: '+49 30 7654321' },
        headers: { 'if-match': `"${before.version}"` },
        holdsOnce: async () => {
          expect((await get('/api/studio')).body.version).toBe(before.version + 1);
        },
        // Each run replaces the one profile, so the runs differ in its version alone.
        sameBut: ['version', 'etag'],
      };
    },
  },
  'POST /api/contracts/:id/termination': {
    prepare: async () => {
      const contract = await signedContract();
      return {
        method: 'POST',
        path: `/api/contracts/${contract.id}/termination`,
        body: { reason: 'Umzug' },
        holdsOnce: async () => {
          const stored = (await get(`/api/contracts/${contract.id}`)).body;
          expect(stored.status).toBe('terminated');
          expect(stored.version).toBe(contract.version + 1);
        },
      };
    },
  },
  'DELETE /api/contracts/:id/termination': {
    prepare: async () => {
      const contract = await terminatedContract();
      return {
        method: 'DELETE',
        path: `/api/contracts/${contract.id}/termination`,
        holdsOnce: async () => {
          const stored = (await get(`/api/contracts/${contract.id}`)).body;
          expect(stored.status).toBe('signed');
          expect(stored.version).toBe(contract.version + 1);
        },
      };
    },
  },
  'POST /api/contracts/:id/copies': {
    prepare: async () => {
      const contract = await signedContract();
      return {
        method: 'POST',
        path: `/api/contracts/${contract.id}/copies`,
        body: {},
        holdsOnce: async () => {
          expect((await get(`/api/contracts/${contract.id}`)).body.copies).toHaveLength(1);
        },
      };
    },
  },
  'POST /api/webhooks': {
    prepare: async () => {
      const url = `http://127.0.0.1:9/${unique('hooks')}`;
      return {
        method: 'POST',
        path: '/api/webhooks',
        body: { url, types: ['*'] },
        holdsOnce: async () => {
          const all = (await get('/api/webhooks?limit=100')).body.items as { url: string }[];
          expect(all.filter((webhook) => webhook.url === url)).toHaveLength(1);
        },
      };
    },
  },
  'PUT /api/webhooks/:id': {
    prepare: async () => {
      const webhook = await newWebhook();
      return {
        method: 'PUT',
        path: `/api/webhooks/${webhook.id}`,
        body: { url: webhook.url, types: ['contact.created'] },
        headers: { 'if-match': '"1"' },
        holdsOnce: async () => {
          expect((await get(`/api/webhooks/${webhook.id}`)).body.version).toBe(2);
        },
      };
    },
  },
  'DELETE /api/webhooks/:id': {
    prepare: async () => {
      const webhook = await newWebhook();
      return {
        method: 'DELETE',
        path: `/api/webhooks/${webhook.id}`,
        holdsOnce: async () => {
          expect((await get(`/api/webhooks/${webhook.id}`)).status).toBe(404);
        },
      };
    },
  },
  'POST /api/contracts/:id/signing-sessions': {
    prepare: async () => {
      const { contract } = await newContract();
      return {
        method: 'POST',
        path: `/api/contracts/${contract.id}/signing-sessions`,
        body: {},
        holdsOnce: async (response) => {
          // Opening a session ends the contract's current one: were it opened twice, the answered link would be dead.
          const view = await api.request('GET', '/api/signing', {
            as: null,
            headers: { authorization: `Signing ${tokenOf(response.body)}` },
          });
          expect(view.status).toBe(200);
          expect(view.body.contract.id).toBe(contract.id);
        },
        // A new link (and so its QR code) every run, as the one-time token is new.
        sameBut: ['url', 'qrCodeSvg'],
      };
    },
  },
  'POST /api/signing': {
    prepare: async () => {
      const { contract } = await newContract();
      const token = tokenOf(await openSession(contract.id));
      return {
        method: 'POST',
        path: '/api/signing',
        as: null,
        body: { signerName: 'Ida Once', signatureImage: png, consent: true, documentHash: contract.documentHash },
        headers: { authorization: `Signing ${token}` },
        holdsOnce: async () => {
          const stored = (await get(`/api/contracts/${contract.id}`)).body;
          expect(stored.signatures).toHaveLength(1);
          expect(stored.version).toBe(2);
        },
      };
    },
  },
};

const sequenceOf = (number: string) => Number(number.split('-')[1]);

const newContactWithEmail = async (email: string) => {
  const response = await api.request('POST', '/api/contacts', { body: { firstName: 'Eve', lastName: 'Next', email } });
  expect(response.status).toBe(201);
};

const countServicesNamed = async (name: string) => {
  let count = 0;
  for (let cursor: string | null = null; ; ) {
    const page: ApiResponse = await get(`/api/services?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    count += page.body.items.filter((service: { name: string }) => service.name === name).length;
    cursor = page.body.nextCursor;
    if (!cursor) return count;
  }
};

const run = async (writeCase: WriteCase, fault?: AnswerFault) => {
  const { method, path, body, headers, as, holdsOnce, sameBut } = await writeCase.prepare();
  proxy.reset();
  if (fault) proxy.inject({ operation: 'TransactWriteItems', fault });
  const response = await api.request(method, path, {
    ...(body === undefined ? {} : { body }),
    ...(as === undefined ? {} : { as }),
    headers: headers ?? {},
  });
  if (fault) expect(proxy.struck, 'the fault struck the write').toEqual(['TransactWriteItems']);
  await holdsOnce(response);
  return seen(response, sameBut);
};

describe('every write survives a lost answer from DynamoDB with the fault-free answer and state', () => {
  it('has a case for every route that changes data on request (each method but GET)', () => {
    const covered = new Set(Object.keys(writeCases).map((name) => name.split(' ').slice(0, 2).join(' ')));
    const writeRoutes = routes
      .filter((route) => route.method !== 'GET')
      .map((route) => `${route.method} ${route.path.replaceAll('{id}', ':id')}`);

    expect(writeRoutes.filter((route) => !covered.has(route))).toEqual([]);
  });

  for (const [name, writeCase] of Object.entries(writeCases)) {
    describe(name, () => {
      let faultFree: ReturnType<typeof seen>;
      beforeAll(async () => {
        proxy.reset();
        faultFree = await run(writeCase);
        expect(faultFree.status).toBeLessThan(300);
      });

      for (const fault of ['drop-answer', 'hold-answer', 'error-500'] as const) {
        it(`answers as without the fault when the write's answer is lost (${fault})`, async () => {
          const response = await run(writeCase, fault);

          expect(response).toEqual(faultFree);
        });
      }
    });
  }
});

describe('an Idempotency-Key retry after any failed call never does the work twice', () => {
  const createWithKey = (body: unknown, key: string) =>
    api.request('POST', '/api/contracts', { body, headers: { 'idempotency-key': key } });

  const prepareCreate = async () => {
    const [contact, service] = await Promise.all([newContact(), newService()]);
    return { contact, body: { contactId: contact.id, items: [{ serviceId: service.id }], startDate: '2026-12-01' } };
  };

  it('learns the calls of a create under a key', async () => {
    const { body } = await prepareCreate();
    proxy.reset();
    expect((await createWithKey(body, unique('key-'))).status).toBe(201);
    // The claim, the reads, and the work's transaction that also stores the response.
    expect(proxy.calls.filter((call) => call === 'TransactWriteItems')).toHaveLength(2);
    expect(proxy.calls[0]).toBe('TransactWriteItems');
  });

  it('ends in one contract and the original response, whichever call fails on every attempt', async () => {
    const { body: probeBody } = await prepareCreate();
    proxy.reset();
    await createWithKey(probeBody, unique('key-'));
    const steps = proxy.calls.map((operation, index) => ({
      operation,
      skip: proxy.calls.slice(0, index).filter((call) => call === operation).length,
    }));

    for (const step of steps) {
      const { contact, body } = await prepareCreate();
      const key = unique('key-');
      proxy.reset();
      proxy.inject({ ...step, fault: 'drop-answer', times: 3 });

      const first = await createWithKey(body, key);
      proxy.reset();
      const retry = await createWithKey(body, key);

      const label = `${step.operation} #${step.skip}: first ${first.status}`;
      expect([201, 503], label).toContain(first.status);
      expect(retry.status, label).toBe(201);
      const contracts = (await get(`/api/contracts?contactId=${contact.id}`)).body.items;
      expect(contracts, label).toHaveLength(1);
      expect(retry.body.id, label).toBe(contracts[0].id);
      if (first.status === 201) expect(retry.body, label).toEqual(first.body);
      // The work committed while its answer was lost: the retry is the stored response, not a second run.
      if (step.operation === 'TransactWriteItems' && step.skip === 1) {
        expect(retry.headers.get('idempotent-replayed'), label).toBe('true');
      }
    }
  });

  it('replays a response with the replay request’s own X-Request-Id', async () => {
    const { body } = await prepareCreate();
    const key = unique('key-');

    const first = await createWithKey(body, key);
    const replay = await createWithKey(body, key);

    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('x-request-id')).toBeTruthy();
    expect(replay.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });
});
