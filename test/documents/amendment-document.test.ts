import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedContractOf } from '../declarations/declaration-support.ts';
import { unique, useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { useClock } from '../support/clock.ts';
import { signaturePng } from '../support/images.ts';
import { outboxMails } from '../support/outbox.ts';
import { useStudioProfile } from '../support/studio.ts';

// The amendment's document (docs/amendments.md, "Das Dokument der Vereinbarung"): a draft while offered, then
// rendered once, kept as the contract's `amendment` document and mailed to the customer with the PDF attached.
const api = useApi();
useStudioProfile(api);
const clock = useClock();
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-amendment-document-'));
process.env.DATA_DIR = dataDir;
const outbox = join(dataDir, 'outbox');
useBackgroundFunctions(['documents-render'], dataDir);

beforeAll(() => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'pipe'] });
});
// The contract of signedContractOf starts on 1 January 2027: a month before, every change lies ahead.
beforeEach(() => clock.set('2026-12-01T09:00:00Z'));

const rendered = { timeout: 60_000, interval: 100 };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const saved = (pdf: Uint8Array) => {
  const file = join(dataDir, `${unique('amendment')}.pdf`);
  writeFileSync(file, pdf);
  return file;
};
const textOf = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', saved(pdf), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
const pdfsig = (pdf: Uint8Array) => {
  try {
    return execFileSync('pdfsig', [saved(pdf)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
};

type Body = Record<string, any>;
const created = async (path: string, body: unknown, as: 'staff' | 'owner' = 'staff'): Promise<Body> => {
  const response = await api.request('POST', path, { body, as });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body;
};
const serviceOf = async (contractId: string): Promise<string> =>
  (await api.request('GET', `/api/contracts/${contractId}`)).body.items[0].serviceId;

const download = async (path: string) => {
  const response = await fetch(`${api.url}${path}`, {
    headers: { authorization: `Bearer ${await api.token({ groups: ['staff'] })}` },
  });
  return { response, pdf: new Uint8Array(await response.arrayBuffer()) };
};

const amendmentMailsTo = async (email: string): Promise<ParsedMail[]> =>
  (await outboxMails(outbox)).filter(
    (mail) =>
      mail.subject?.includes('Änderungsvereinbarung') &&
      (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.value[0]?.address === email),
  );

const storedAmendments = async (id: string) =>
  (
    (await api.request('GET', `/api/contracts/${id}/documents`)).body.items as {
      id: string;
      kind: string;
      sha256: string;
    }[]
  ).filter((document) => document.kind === 'amendment');

const signAmendment = (amendment: Body) =>
  created(`/api/contracts/${amendment.contractId}/amendments/${amendment.id}/signature`, {
    signerName: 'Ada Kundin',
    amendmentHash: amendment.amendmentHash,
    signatureImage: signaturePng,
    consent: true,
  });

describe('the document of a price change', () => {
  it('is a draft while offered: marked, not sealed, kept nowhere', async () => {
    const { contract } = await signedContractOf(api);
    const amendment = await created(`/api/contracts/${contract.id}/amendments`, {
      kind: 'price',
      effectiveFrom: '2027-04-01',
      items: [{ serviceId: await serviceOf(contract.id), unitPrice: { amount: 4500, currency: 'EUR' } }],
    });

    const draft = await download(`/api/contracts/${contract.id}/amendments/${amendment.id}/document`);

    expect(draft.response.status).toBe(200);
    expect(draft.response.headers.get('content-type')).toBe('application/pdf');
    expect(draft.response.headers.get('content-disposition')).toBe(
      `attachment; filename="Aenderungsvereinbarung-${contract.number}-A1.pdf"`,
    );
    expect(draft.response.headers.get('etag')).toBeNull();
    const text = textOf(draft.pdf);
    expect(text).toContain(`Preisänderung zum Vertrag ${contract.number}`);
    expect(text).toContain('Entwurf – noch nicht vereinbart');
    expect(text).toContain('Einzelpreis bisher 39,00 €, neu 45,00 €');
    expect(text).toContain('01.04.2027: 45,00 €');
    expect(text).toContain('Kundin/Kunde: noch nicht unterschrieben');
    expect(pdfsig(draft.pdf)).not.toContain('Signature is Valid');
    expect(await storedAmendments(contract.id)).toEqual([]);
  });

  it('once agreed is kept once, sealed, byte for byte the same on every download, and mailed once with the PDF', async () => {
    const { contact, contract } = await signedContractOf(api);
    const serviceId = await serviceOf(contract.id);
    const amendment = await created(`/api/contracts/${contract.id}/amendments`, {
      kind: 'price',
      effectiveFrom: '2027-04-01',
      items: [{ serviceId, unitPrice: { amount: 4500, currency: 'EUR' } }],
    });

    await signAmendment(amendment);

    const [mail] = await vi.waitFor(async () => {
      const mails = await amendmentMailsTo(contact.email);
      if (mails.length === 0) throw new Error('no amendment mail yet');
      return mails;
    }, rendered);
    expect(mail?.subject).toBe(
      `Preisänderung zum Vertrag ${contract.number}: Ihre Änderungsvereinbarung Nr. ${contract.number}-A1`,
    );
    expect(mail?.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
      [`Aenderungsvereinbarung-${contract.number}-A1.pdf`, 'application/pdf'],
    ]);
    const mailed = new Uint8Array(mail?.attachments[0]?.content ?? []);

    const first = await download(`/api/contracts/${contract.id}/amendments/${amendment.id}/document`);
    const second = await download(`/api/contracts/${contract.id}/amendments/${amendment.id}/document`);
    expect(first.response.status).toBe(200);
    expect(sha256(second.pdf)).toBe(sha256(first.pdf));
    expect(sha256(first.pdf)).toBe(sha256(mailed));
    expect(first.response.headers.get('etag')).toBe(`"sha256:${sha256(first.pdf)}"`);
    const kept = await storedAmendments(contract.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.sha256).toBe(sha256(first.pdf));
    const byId = await download(`/api/contracts/${contract.id}/documents/${kept[0]?.id}`);
    expect(sha256(byId.pdf)).toBe(sha256(first.pdf));

    const report = pdfsig(first.pdf);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    const text = textOf(first.pdf);
    expect(text).toContain(`Preisänderung zum Vertrag ${contract.number}`);
    expect(text).toContain(`Änderungsvereinbarung Nr. ${contract.number}-A1`);
    expect(text).toContain(`Ada ${contact.lastName}`);
    expect(text).toContain('Anbieter (Studio)');
    expect(text).not.toContain('Entwurf');
    expect(text).toContain('Ada Kundin');
    expect(text).toContain('Prüfprotokoll');
    expect(text).toContain('Änderungs-Hash (er steht für den gesamten Inhalt der Vereinbarung)');
    // The hash is broken across two lines of the audit page.
    expect(text.replaceAll(' ', '')).toContain(amendment.amendmentHash);

    // The stream's at-least-once: the same event's work again, as a redelivered record would run it.
    const { keepAndMailAmendment } = await import('#shared/documents/amendment-documents.ts');
    await keepAndMailAmendment(amendment.id);
    expect(await amendmentMailsTo(contact.email)).toHaveLength(1);
    expect(await storedAmendments(contract.id)).toHaveLength(1);
  });
});

describe('the document of an items change', () => {
  it('lists the items before and after, from the period it begins with', async () => {
    const { contract } = await signedContractOf(api);
    const premium = await created(
      '/api/services',
      {
        name: unique('Premium '),
        price: { amount: 5900, currency: 'EUR' },
        billingInterval: 'month',
      },
      'owner',
    );
    const amendment = await created(`/api/contracts/${contract.id}/amendments`, {
      kind: 'items',
      effectiveFrom: '2027-05-01',
      items: [{ serviceId: premium.id, quantity: 1 }],
    });

    const text = textOf((await download(`/api/contracts/${contract.id}/amendments/${amendment.id}/document`)).pdf);

    expect(text).toContain(`Änderung der Leistungen zum Vertrag ${contract.number}`);
    expect(text).toContain('dem Abrechnungszeitraum, der am 01.05.2027 beginnt');
    expect(text).toContain(`1 × ${premium.name}: 59,00 € monatlich, zusammen 59,00 €`);
    expect(text).toContain(': 39,00 € monatlich, zusammen 39,00 €');
    expect(text).toContain('01.05.2027: 59,00 €');
  });
});

describe('the document of a pause', () => {
  it('names the reason by its label only, the extended minimum term and the dues around it', async () => {
    const { contract } = await signedContractOf(api);
    const amendment = await created(`/api/contracts/${contract.id}/amendments`, {
      kind: 'pause',
      effectiveFrom: '2027-03-10',
      lastDay: '2027-03-23',
      reason: 'other',
      reasonText: 'Bandscheibenvorfall L4/L5',
      monthlyFee: { amount: 500, currency: 'EUR' },
      extendsTerm: true,
    });

    const text = textOf((await download(`/api/contracts/${contract.id}/amendments/${amendment.id}/document`)).pdf);

    expect(text).toContain(`Vereinbarung über eine Ruhezeit zum Vertrag ${contract.number}`);
    expect(text).toContain('vom 10.03.2027 bis einschließlich 23.03.2027 (14 Tage)');
    expect(text).toContain('Sonstiger Grund');
    expect(text).not.toContain('Bandscheibe');
    expect(text).toContain('Ruhezeitgebühr von 5,00 € je Monat');
    expect(text).toContain('Die Mindestlaufzeit verlängert sich um die 14 ruhenden Tage.');
    expect(text).toContain('14.01.2028 (bisher 31.12.2027)');
    // March: 39.00 × 17 / 31 = 21.39 €, and the fee 5.00 × 14 / 31 = 2.26 €.
    expect(text).toContain('01.03.2027: 23,65 €');
    expect(text).toContain('01.04.2027: 39,00 €');
  });

  it('has no document once declined', async () => {
    const { contract } = await signedContractOf(api);
    const amendment = await created(`/api/contracts/${contract.id}/amendments`, {
      kind: 'pause',
      effectiveFrom: '2027-03-10',
      lastDay: '2027-03-23',
      reason: 'holiday',
    });
    await created(`/api/contracts/${contract.id}/amendments/${amendment.id}/decline`, {});

    const answer = await api.request('GET', `/api/contracts/${contract.id}/amendments/${amendment.id}/document`);

    expect(answer.status).toBe(409);
  });
});
