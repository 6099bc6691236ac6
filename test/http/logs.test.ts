import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useApi } from '../support/api.ts';
import { signaturePng } from '../support/images.ts';
import { useStudioProfile } from '../support/studio.ts';

const api = useApi();

// Handlers load on their first request and read the level then: log everything here.
beforeAll(() => {
  process.env.LOG_LEVEL = 'INFO';
});
// Contracts name the studio as a party: none can be created before its profile exists (after the level is set).
useStudioProfile(api);
afterEach(() => {
  vi.restoreAllMocks();
});

const png = signaturePng;

describe('logs', () => {
  it('hold a request id on every line and no personal data of contacts or signatures', async () => {
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      lines.push(String(chunk));
      return write(chunk, ...(rest as []));
    });
    const person = {
      firstName: 'Wilhelmina',
      lastName: 'Privatsphäre',
      email: 'wilhelmina.private@example.com',
      phone: '+49 171 5550199',
      address: { street: 'Geheimweg 42', postalCode: '80331', city: 'Zugspitzdorf', country: 'DE' },
    };

    const contact = await api.request('POST', '/api/contacts', { body: person });
    const duplicate = await api.request('POST', '/api/contacts', { body: person });
    const service = await api.request('POST', '/api/services', {
      body: { name: 'Massage', price: { amount: 5000, currency: 'EUR' } },
    });
    const contract = await api.request('POST', '/api/contracts', {
      body: { contactId: contact.body.id, items: [{ serviceId: service.body.id }], startDate: '2026-12-01' },
    });
    const signed = await api.request('POST', `/api/contracts/${contract.body.id}/signatures`, {
      body: {
        role: 'customer',
        signerName: 'Wilhelmina Privatsphäre',
        documentHash: contract.body.documentHash,
        signatureImage: png,
        consent: true,
      },
    });

    expect([contact.status, duplicate.status, contract.status, signed.status]).toEqual([201, 409, 201, 201]);
    const entries = lines
      .join('')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(entries.length).toBeGreaterThanOrEqual(5);
    for (const entry of entries) expect(entry.requestId).toMatch(/^[\w-]{8,}$/);
    const output = lines.join('');
    for (const secret of [
      'Wilhelmina',
      'Privatsph',
      'wilhelmina.private',
      '5550199',
      'Geheimweg',
      'Zugspitzdorf',
      'iVBORw0KGgo',
    ]) {
      expect(output).not.toContain(secret);
    }
  });
});

/** Every line the process writes to stdout from now on, parsed. */
const captureLogLines = () => {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    lines.push(String(chunk));
    return write(chunk, ...(rest as []));
  });
  return () =>
    lines
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
};

describe('the access log', () => {
  it('has one line for every answer: pages, static files, the signing API and unknown routes too', async () => {
    const contact = await api.request('POST', '/api/contacts', { body: { firstName: 'Ada', lastName: 'Log' } });
    const service = await api.request('POST', '/api/services', {
      body: { name: 'Pilates', price: { amount: 3000, currency: 'EUR' } },
    });
    const contract = await api.request('POST', '/api/contracts', {
      body: { contactId: contact.body.id, items: [{ serviceId: service.body.id }], startDate: '2026-12-01' },
    });
    const session = await api.request('POST', `/api/contracts/${contract.body.id}/signing-sessions`, { body: {} });
    const token = new URL(session.body.url).hash.slice(1);
    const logLines = captureLogLines();

    const requests = [
      ['GET /api/docs', await api.request('GET', '/api/docs', { as: null })],
      ['GET /api/docs/{asset}', await api.request('GET', '/api/docs/swagger-ui.css', { as: null })],
      ['GET /api/openapi.json', await api.request('GET', '/api/openapi.json', { as: null })],
      ['GET /api/sign', await api.request('GET', '/api/sign', { as: null })],
      ['GET /api/sign/{asset}', await api.request('GET', '/api/sign/nothing.js', { as: null })],
      [
        'GET /api/signing',
        await api.request('GET', '/api/signing', { as: null, headers: { authorization: `Signing ${token}` } }),
      ],
      ['GET /api/signing', await api.request('GET', '/api/signing', { as: null })],
      ['$default', await api.request('GET', '/api/nothing', { as: null })],
    ] as const;

    expect(requests.map(([, response]) => response.status)).toEqual([200, 200, 200, 200, 404, 200, 401, 404]);
    const accessLines = logLines().filter((line) => line.message === 'request');
    for (const [routeKey, response] of requests) {
      const requestId = response.headers.get('x-request-id');
      expect(requestId).toBeTruthy();
      const lines = accessLines.filter((line) => line.requestId === requestId);
      expect(lines, `${routeKey} ${response.status}`).toEqual([
        expect.objectContaining({ level: 'INFO', routeKey, status: response.status, durationMs: expect.any(Number) }),
      ]);
    }
  });
});
