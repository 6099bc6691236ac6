import { request } from 'node:http';
import type { ParsedMail } from 'mailparser';
import { expect, vi } from 'vitest';
import { type ApiResponse, type TestApi, unique } from '../support/api.ts';
import { signaturePng } from '../support/images.ts';
import { documentViolation } from '../support/openapi-responses.ts';
import { outboxMails } from '../support/outbox.ts';

let nextClient = 2;
/**
 * A client address of its own on the loopback network (127.0.0.2, .3, …): the public POSTs count requests per
 * client, and each test files its declarations as another client, as customers on other connections do.
 */
export const newClientAddress = (): string => `127.0.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 2}`;

/** A POST from `localAddress`, checked against the OpenAPI document like every test request. */
export const postFrom = (
  api: TestApi,
  localAddress: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> =>
  new Promise((resolve, reject) => {
    const url = new URL(path, api.url);
    const payload = JSON.stringify(body);
    const outgoing = request(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', ...headers } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (typeof value === 'string') responseHeaders.set(name, value);
          }
          const received = {
            status: incoming.statusCode ?? 0,
            headers: responseHeaders,
            body: /json/.test(responseHeaders.get('content-type') ?? '') && text ? JSON.parse(text) : text,
            text,
          };
          const violation = documentViolation('POST', url.href, received);
          if (violation) reject(new Error(`The response breaks the OpenAPI document: ${violation}`));
          else resolve(received);
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });

const created = async (api: TestApi, path: string, body: unknown) => {
  const response = await api.request('POST', path, { body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};

/** A contact with an email and a signed twelve-month membership from 1 January 2027. */
export const signedContractOf = async (api: TestApi, person: { firstName?: string; lastName?: string } = {}) => {
  const lastName = person.lastName ?? unique('Brandt');
  const email = `${unique('kunde').toLowerCase()}@example.com`;
  const contact = await created(api, '/api/contacts', { firstName: person.firstName ?? 'Ada', lastName, email });
  const service = await created(api, '/api/services', {
    name: unique('Mitgliedschaft '),
    price: { amount: 3900, currency: 'EUR' },
    billingInterval: 'month',
  });
  const contract = await created(api, '/api/contracts', {
    contactId: contact.id,
    items: [{ serviceId: service.id }],
    startDate: '2027-01-01',
    minimumTermMonths: 12,
  });
  const signed = await created(api, `/api/contracts/${contract.id}/signatures`, {
    role: 'customer',
    signerName: `Ada ${lastName}`,
    documentHash: contract.documentHash,
    signatureImage: signaturePng,
    consent: true,
  });
  return { contact, contract: signed as { id: string; number: string; status: string } };
};

/** Every confirmation in the outbox that names the declaration (its „Eingangsnummer“), parsed. */
export const confirmationsOf = async (outbox: string, declarationId: string): Promise<ParsedMail[]> =>
  (await outboxMails(outbox)).filter((mail) => mail.text?.includes(`Eingangsnummer: ${declarationId}`));

/** Waits until the matcher has mailed `count` confirmations of the declaration (the stream is read every 50 ms). */
export const confirmed = (outbox: string, declarationId: string, count = 1): Promise<ParsedMail[]> =>
  vi.waitFor(
    async () => {
      const mails = await confirmationsOf(outbox, declarationId);
      if (mails.length < count) throw new Error(`${mails.length} of ${count} confirmations of ${declarationId}`);
      return mails;
    },
    { timeout: 30_000, interval: 100 },
  );
