import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { launchChromium } from '../support/chromium.ts';
import { contractOfSepaStudio } from '../support/direct-debit.ts';
import { outboxMails } from '../support/outbox.ts';
import { drawWithFinger, openSigningTablet } from '../support/signing-tablet.ts';

// The customer's copy of a contract and its mandate signed on one tablet (issue 32): one original with both signatures.
const api = useApi();
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-mandate-original-'));
process.env.DATA_DIR = dataDir;
useBackgroundFunctions(['documents-render'], dataDir);

const sepa = { creditorId: 'DE98ZZZ09999999999', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };
const directDebit = { accountHolder: 'Max Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
const rendered = { timeout: 60_000, interval: 100 };

let browser: Browser;
beforeAll(async () => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'pipe'] });
  browser = await launchChromium();
});
afterAll(() => browser?.close());

let fileCount = 0;
const textOf = (pdf: Uint8Array) => {
  const file = join(dataDir, `copy-${++fileCount}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};
const documents = async (id: string): Promise<{ kind: string; mandateReference: string | null }[]> =>
  (await api.request('GET', `/api/contracts/${id}/documents`)).body.items;

describe('a contract and its SEPA mandate signed on the tablet in one session', () => {
  it('give the customer one original that shows both signatures, downloaded and mailed', async () => {
    // prepare: the contract with its mandate, a counter session, the tablet
    const contract = await contractOfSepaStudio(api, sepa, { directDebit });
    const session = await api.request('POST', `/api/contracts/${contract.id}/signing-sessions`, { body: {} });
    expect(session.status).toBe(201);
    const tablet = await openSigningTablet(browser, api.url, { width: 768, height: 1024 });
    const { page } = tablet;

    // act: the contract's step
    await page.goto(session.body.url);
    await page.getByRole('button', { name: 'Verbindlich unterschreiben' }).waitFor();
    await drawWithFinger(tablet);
    await page.getByLabel(/Ich habe den Vertrag oben vollständig gelesen/).check();
    await page.getByRole('button', { name: 'Verbindlich unterschreiben' }).click();
    await page.getByRole('heading', { name: 'SEPA-Lastschriftmandat erteilen' }).waitFor();
    // The stream is read in order: once a contract signed after this one has its original, the background
    // render has seen this one's `contract.signed`, between the two steps, where it used to render too early.
    const later = await contractOfSepaStudio(api, sepa);
    const signed = await api.request('POST', `/api/contracts/${later.id}/signatures`, {
      body: {
        role: 'customer',
        signerName: 'Erika Mustermann',
        documentHash: later.documentHash,
        signatureImage:
          'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        consent: true,
      },
    });
    expect(signed.status).toBe(201);
    await expect.poll(() => documents(later.id), rendered).toHaveLength(1);

    // act: the mandate's step, then the download and the copy by mail
    await drawWithFinger(tablet, 0, 'mandate-pad');
    await page.getByLabel(/Ich habe das SEPA-Lastschriftmandat oben gelesen/).check();
    await page.getByRole('button', { name: 'Mandat erteilen' }).click();
    await page.getByRole('heading', { name: /Vielen Dank/ }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Vertrag herunterladen (PDF)' }).click(),
    ]);
    const downloaded = readFileSync((await download.path()) as string);
    await tablet.context.close();
    const to = `${unique('erika')}@example.com`;
    const copy = await api.request('POST', `/api/contracts/${contract.id}/copies`, { body: { to } });
    expect(copy.status).toBe(201);
    const mail = (await outboxMails(join(dataDir, 'outbox'))).find((parsed) =>
      [parsed.to].flat().some((address) => address?.text === to),
    );

    // assess: the one original shows the contract's and the mandate's signature, in both hands of the customer
    const mandate = (await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body;
    expect(mandate.status).toBe('active');
    expect(await documents(contract.id)).toEqual([
      expect.objectContaining({ kind: 'signed_original', mandateReference: mandate.reference }),
    ]);
    expect(mail?.attachments).toHaveLength(1);
    const mailed = mail?.attachments[0]?.content as Buffer;
    expect(Buffer.compare(mailed, downloaded)).toBe(0);
    for (const text of [textOf(downloaded), textOf(mailed)]) {
      expect(text).toContain('SEPA-Lastschriftmandat');
      expect(text).toContain(`Unterschrift: SEPA-Lastschriftmandat ${mandate.reference}`);
      expect(text).not.toContain('noch nicht unterschrieben');
    }
  }, 120_000);
});
