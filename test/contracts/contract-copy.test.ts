import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { signaturePng } from '../support/images.ts';
import { useStudioProfile } from '../support/studio.ts';

const api = useApi();
useStudioProfile(api);

// The local mail stand-in writes to <DATA_DIR>/outbox: a folder of this file's own.
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-copies-'));
const outbox = join(dataDir, 'outbox');
beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
});

const png = signaturePng;

const created = async (path: string, body: unknown) => {
  const response = await api.request('POST', path, { body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};

const signedContract = async (email: string | null = `${unique('kunde')}@example.com`) => {
  const contact = await created('/api/contacts', { firstName: 'Jörg', lastName: unique('Weiß'), email });
  const service = await created('/api/services', {
    name: unique('Mitgliedschaft '),
    price: { amount: 4900, currency: 'EUR' },
    billingInterval: 'month',
  });
  const contract = await created('/api/contracts', {
    contactId: contact.id,
    items: [{ serviceId: service.id }],
    startDate: '2026-12-31',
    minimumTermMonths: 12,
  });
  await created(`/api/contracts/${contract.id}/signatures`, {
    role: 'customer',
    signerName: `Jörg ${contact.lastName}`,
    documentHash: contract.documentHash,
    signatureImage: png,
    consent: true,
  });
  return { contact, contract };
};

const pdfsig = (pdf: Buffer) => {
  const file = join(dataDir, `${unique('copy')}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
};

const outboxFiles = () => {
  try {
    return readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
};

describe('GET /api/contracts/:id/document', () => {
  it('answers the sealed German PDF of the contract, which pdfsig reports valid and unmodified', async () => {
    const { contract } = await signedContract();

    const response = await fetch(`${api.url}/api/contracts/${contract.id}/document`, {
      headers: { authorization: `Bearer ${await api.token({ groups: ['staff'] })}` },
    });
    const pdf = Buffer.from(await response.arrayBuffer());

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Vertrag-${contract.number}.pdf"`);
    const report = pdfsig(pdf);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
  });

  it('answers 404 problem+json in German for an unknown contract', async () => {
    const response = await api.request('GET', '/api/contracts/01JD0000000000000000000000/document');

    expect(response.status).toBe(404);
    expect(response.body.title).toBe('Ressource nicht gefunden');
  });
});

describe('POST /api/contracts/:id/copies', () => {
  it('mails the PDF to the contact, lists the copy on the contract and writes a real .eml to the outbox', async () => {
    const { contact, contract } = await signedContract();
    const before = outboxFiles().length;

    const response = await api.request('POST', `/api/contracts/${contract.id}/copies`, { body: {}, as: 'staff' });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      to: contact.email,
      sentAt: expect.any(String),
      messageId: expect.any(String),
    });
    const stored = (await api.request('GET', `/api/contracts/${contract.id}`)).body;
    expect(stored.copies).toEqual([response.body]);
    expect(outboxFiles()).toHaveLength(before + 1);
    const eml =
      outboxFiles().find((name) => name.includes(response.body.messageId.replace(/[<>]/g, ''))) ?? outboxFiles().at(-1);
    const mail = await simpleParser(readFileSync(join(outbox, eml as string)));
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(contact.email);
    expect(mail.subject).toContain(contract.number);
    expect(mail.text).toContain('Studio Mitte GmbH');
    const [attachment] = mail.attachments;
    expect(attachment?.contentType).toBe('application/pdf');
    expect(pdfsig(attachment?.content as Buffer)).toContain('Signature is Valid');
    // The signed original, as stored: the same bytes as every download.
    const download = await fetch(`${api.url}/api/contracts/${contract.id}/document`, {
      headers: { authorization: `Bearer ${await api.token({ groups: ['staff'] })}` },
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(attachment?.content as Buffer)).toBe(true);
  });

  it('sends to another address when asked, and refuses a contract without any address with 422', async () => {
    const { contract } = await signedContract(null);

    const refused = await api.request('POST', `/api/contracts/${contract.id}/copies`, { body: {} });
    const sent = await api.request('POST', `/api/contracts/${contract.id}/copies`, {
      body: { to: 'familie@example.com' },
    });

    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ path: 'to', message: expect.stringContaining('Pflichtfeld') }]);
    expect(sent.status).toBe(201);
    expect(sent.body.to).toBe('familie@example.com');
  });

  it('sends once for a retried request with the same Idempotency-Key', async () => {
    const { contract } = await signedContract();
    const key = unique('copy-');
    const before = outboxFiles().length;

    const first = await api.request('POST', `/api/contracts/${contract.id}/copies`, {
      body: {},
      headers: { 'idempotency-key': key },
    });
    const retry = await api.request('POST', `/api/contracts/${contract.id}/copies`, {
      body: {},
      headers: { 'idempotency-key': key },
    });

    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(outboxFiles()).toHaveLength(before + 1);
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body.copies).toHaveLength(1);
  });
});
