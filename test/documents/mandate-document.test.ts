import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { contractOfSepaStudio } from '../support/direct-debit.ts';
import { onePixelPng, signaturePng } from '../support/images.ts';
import { outboxMails } from '../support/outbox.ts';

// The SEPA mandate in the PDF copy, and a mandate signed after the stored original (docs/documents.md).
const api = useApi();
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-mandate-document-'));
process.env.DATA_DIR = dataDir;
useBackgroundFunctions(['documents-render'], dataDir);

beforeAll(() => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'pipe'] });
});

const sepa = { creditorId: 'DE98ZZZ09999999999', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };
const directDebit = { accountHolder: 'Max Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
const rendered = { timeout: 60_000, interval: 100 };

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
let fileCount = 0;
const tool = (name: string, pdf: Uint8Array, ...args: string[]) => {
  const file = join(dataDir, `copy-${++fileCount}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync(name, [...args, file, ...(name === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
};
// One line per paragraph: the copy wraps its lines where it likes; Intl writes a no-break space before „€“.
const textOf = (pdf: Uint8Array) =>
  tool('pdftotext', pdf, '-enc', 'UTF-8')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ');
// A fact's label and value come out apart, a long hash broken where it wraps: values are looked for in this.
const compact = (text: string) => text.replace(/\s+/g, '');

const download = async (path: string) => {
  const response = await fetch(`${api.url}${path}`, {
    headers: { authorization: `Bearer ${await api.token({ groups: ['staff'] })}` },
  });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
};
const contractCopy = (id: string) => download(`/api/contracts/${id}/document`);

interface StoredDocument {
  id: string;
  kind: string;
  sha256: string;
  mandateReference: string | null;
}
const documents = async (id: string): Promise<StoredDocument[]> =>
  (await api.request('GET', `/api/contracts/${id}/documents`)).body.items;

const signContract = async (contract: { id: string; documentHash: string }) => {
  const response = await api.request('POST', `/api/contracts/${contract.id}/signatures`, {
    body: {
      role: 'customer',
      signerName: 'Erika Mustermann',
      documentHash: contract.documentHash,
      signatureImage: signaturePng,
      consent: true,
    },
  });
  expect(response.status).toBe(201);
};
const signMandate = async (id: string, mandateHash: string) => {
  const response = await api.request('POST', `/api/contracts/${id}/mandate/signature`, {
    body: { signerName: 'Max Mustermann', mandateHash, signatureImage: signaturePng, consent: true },
    headers: { 'user-agent': 'Tablet/1.0' },
  });
  expect(response.status).toBe(201);
  return response.body;
};
const mandateText = async (id: string): Promise<string> =>
  (await api.request('GET', `/api/contracts/${id}/mandate`)).body.text;

describe('the draft of a contract paid by direct debit', () => {
  it('has the mandate on a page of its own, with the exact text, and the schedule as the pre-notification', async () => {
    const contract = await contractOfSepaStudio(api, sepa, { directDebit });
    const { reference } = contract.mandate;

    const text = textOf(await contractCopy(contract.id));

    expect(text).toContain('SEPA-Lastschriftmandat');
    expect(text).toContain(await mandateText(contract.id));
    expect(text).toContain(
      `Zahlungsempfänger Anschrift Gläubiger-ID Mandatsreferenz Art Studio Mitte GmbH Torstraße 12, 10119 Berlin, Deutschland ${sepa.creditorId} ${reference}`,
    );
    // The draft's diagonal mark („ENTWURF“) comes out between the lines: each value is looked for alone.
    expect(text).toContain('Kontoinhaber/in IBAN BIC');
    expect(text).toContain('Max Mustermann DE89 3704 0044 0532 0130 00 COBADEFFXXX');
    expect(text).toContain('Unterschrift der Kontoinhaberin/des Kontoinhabers');
    expect(text).toContain('noch nicht unterschrieben');
    expect(text).toContain('Zahlungsplan – Vorabankündigung');
    expect(text).toContain(`mit der Mandatsreferenz ${reference}`);
    expect(text).toContain('Erste Lastschrift Danach Mandatsreferenz Gläubiger-ID');
    expect(text).toContain('01.01.2027: 49,00 € (monatlich) monatlich 49,00 € jeweils am 1.');
  });

  it('announces each price step agreed at signing from the period it begins with', async () => {
    const contract = await contractOfSepaStudio(
      api,
      sepa,
      { directDebit },
      {
        priceSteps: [{ from: '2028-01-01', unitPrice: { amount: 5400, currency: 'EUR' } }],
      },
    );

    const text = textOf(await contractCopy(contract.id));

    expect(text).toContain('01.01.2027: 49,00 € (monatlich) monatlich 49,00 € jeweils am 1.');
    // Labels and values come out apart: the labels, then the values in their order.
    expect(text).toContain('Erste Lastschrift Danach Preisänderungen Mandatsreferenz');
    expect(text).toContain(
      'monatlich 49,00 € jeweils am 1. ab dem Zeitraum, der am 01.01.2028 fällig ist: monatlich 54,00 €',
    );
  });

  it('says on which days a contract from the 31st is debited', async () => {
    const contract = await contractOfSepaStudio(api, sepa, { directDebit, startDate: '2027-01-31' });

    const text = textOf(await contractCopy(contract.id));

    expect(text).toContain('monatlich 49,00 € jeweils am 31., in Monaten ohne den 31. am 1. des Folgemonats');
  });

  it('has no mandate page and no schedule without a direct debit', async () => {
    const contract = await contractOfSepaStudio(api, sepa);

    const text = textOf(await contractCopy(contract.id));

    expect(text).toContain(`Vertrag Nr. ${contract.number}`);
    expect(text).not.toContain('Lastschrift');
    expect(text).not.toContain('Vorabankündigung');
  });
});

describe('the stored original and the mandate', () => {
  it('includes the mandate signed before the contract, with its signer and evidence, and no mandate document', async () => {
    const contract = await contractOfSepaStudio(api, sepa, { directDebit });
    const mandate = await signMandate(contract.id, contract.mandate.mandateHash);
    await signContract(contract);

    const original = await contractCopy(contract.id);

    const text = textOf(original);
    expect(text).toContain('SEPA-Lastschriftmandat');
    expect(text).toContain('Max Mustermann Ort, Datum: Berlin');
    expect(text).toContain(`Unterschrift: SEPA-Lastschriftmandat ${mandate.reference}`);
    expect(compact(text)).toContain(`Mandats-Hash${mandate.mandateHash}`);
    expect(text).toContain(`Tablet/1.0 ${sha256(onePixelPng)} – stimmt mit dem abgebildeten Bild überein`);
    expect(text).not.toContain('noch nicht unterschrieben');
    expect(await documents(contract.id)).toEqual([
      expect.objectContaining({
        kind: 'signed_original',
        sha256: sha256(original),
        mandateReference: mandate.reference,
      }),
    ]);
    // What an attempt that lost the write to these bytes would read from them.
    const { signedMandateIn } = await import('#shared/contracts/document/render-contract-document.ts');
    expect(signedMandateIn(original)).toBe(mandate.reference);
  });

  it('leaves the original as it is when the mandate is signed later, which then gets a document of its own', async () => {
    const contract = await contractOfSepaStudio(api, sepa, { directDebit });
    await signContract(contract);
    const original = await contractCopy(contract.id);
    expect(textOf(original)).toContain('noch nicht unterschrieben');

    const mandate = await signMandate(contract.id, contract.mandate.mandateHash);

    await expect.poll(() => documents(contract.id), rendered).toHaveLength(2);
    const [originalRecord, mandateRecord] = await documents(contract.id);
    expect(originalRecord).toMatchObject({ kind: 'signed_original', sha256: sha256(original), mandateReference: null });
    expect(mandateRecord).toMatchObject({ kind: 'mandate', mandateReference: mandate.reference });
    const mandateDocument = await download(`/api/contracts/${contract.id}/documents/${mandateRecord?.id}`);
    expect(sha256(mandateDocument)).toBe(mandateRecord?.sha256);
    const text = textOf(mandateDocument);
    expect(text).toContain(await mandateText(contract.id));
    expect(text).toContain('Max Mustermann Ort, Datum: Berlin');
    expect(compact(text)).toContain(`Mandats-Hash${mandate.mandateHash}`);
    expect(text).toContain('Zahlungsplan – Vorabankündigung');
    expect(text).not.toContain('Vertragsparteien');
    expect(tool('pdfsig', mandateDocument)).toContain('Signature is Valid');
    expect(sha256(await contractCopy(contract.id))).toBe(sha256(original));
    expect(await documents(contract.id)).toHaveLength(2);
  });

  it('mails the customer the document of a mandate signed later beside the original', async () => {
    const contract = await contractOfSepaStudio(api, sepa, { directDebit });
    await signContract(contract);
    const original = await contractCopy(contract.id);
    const mandate = await signMandate(contract.id, contract.mandate.mandateHash);
    const to = `mandate-later-${contract.number}@example.com`;

    const copy = await api.request('POST', `/api/contracts/${contract.id}/copies`, { body: { to } });

    expect(copy.status).toBe(201);
    const mail = (await outboxMails(join(dataDir, 'outbox'))).find((parsed) =>
      [parsed.to].flat().some((address) => address?.text === to),
    );
    expect(mail?.attachments.map(({ filename }) => filename)).toEqual([
      `Vertrag-${contract.number}.pdf`,
      `SEPA-Mandat-${mandate.reference}.pdf`,
    ]);
    expect(sha256(mail?.attachments[0]?.content as Buffer)).toBe(sha256(original));
    const [, mandateRecord] = await documents(contract.id);
    expect(sha256(mail?.attachments[1]?.content as Buffer)).toBe(mandateRecord?.sha256);
    expect(mail?.text).toContain(
      `SEPA-Lastschriftmandat liegt als eigene Datei bei (SEPA-Mandat-${mandate.reference}.pdf)`,
    );
  });

  it('gives a replacement mandate signed later its own document beside the first one’s place in the original', async () => {
    const contract = await contractOfSepaStudio(api, sepa, { directDebit });
    const first = await signMandate(contract.id, contract.mandate.mandateHash);
    await signContract(contract);
    await contractCopy(contract.id);
    const added = await api.request('POST', `/api/contracts/${contract.id}/mandates`, {
      body: { accountHolder: 'Max Mustermann', iban: 'DE02120300000000202051' },
    });
    expect(added.status).toBe(201);

    const second = await signMandate(contract.id, added.body.mandateHash);

    await expect.poll(() => documents(contract.id), rendered).toHaveLength(2);
    expect((await documents(contract.id)).map(({ kind, mandateReference }) => [kind, mandateReference])).toEqual([
      ['signed_original', first.reference],
      ['mandate', second.reference],
    ]);
  });

  it('stores nothing for a mandate of a pending contract: its original shows the mandate when the contract is signed', async () => {
    const pending = await contractOfSepaStudio(api, sepa, { directDebit });
    await signMandate(pending.id, pending.mandate.mandateHash);
    // The stream is read in order: once a later contract's original is stored, the mandate's event was handled.
    const later = await contractOfSepaStudio(api, sepa);
    await signContract(later);
    await expect.poll(() => documents(later.id), rendered).toHaveLength(1);

    expect(await documents(pending.id)).toEqual([]);
  });

  it('records what the stored bytes show, not its own render, when an earlier attempt’s original won', async () => {
    const contract = await contractOfSepaStudio(api, sepa, { directDebit });
    // What an attempt stored before the mandate was signed, and crashed before recording: no signed mandate.
    const earlier = await contractCopy(contract.id);
    const { configuredOriginalsStore } = await import('#shared/documents/originals/configured-originals-store.ts');
    const { documentKey } = await import('#shared/documents/originals/document-key.ts');
    await configuredOriginalsStore().putIfAbsent(
      documentKey(contract.id, 'signed_original'),
      earlier,
      new Date('2035-01-01'),
    );
    const mandate = await signMandate(contract.id, contract.mandate.mandateHash);

    await signContract(contract);

    await expect.poll(() => documents(contract.id), rendered).toHaveLength(2);
    expect(await documents(contract.id)).toEqual([
      expect.objectContaining({ kind: 'signed_original', sha256: sha256(earlier), mandateReference: null }),
      expect.objectContaining({ kind: 'mandate', mandateReference: mandate.reference }),
    ]);
  });
});
