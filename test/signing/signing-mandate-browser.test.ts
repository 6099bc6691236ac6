import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApi } from '../support/api.ts';
import { launchChromium } from '../support/chromium.ts';
import { contractOfSepaStudio } from '../support/direct-debit.ts';
import {
  accessibilityViolations,
  drawWithFinger,
  inkedPixels,
  openSigningTablet,
  padInk,
  type TabletOptions,
} from '../support/signing-tablet.ts';

// The signing page's second step: the SEPA mandate after the contract (docs/sepa.md, "The tablet's mandate step").
const api = useApi();

const screenshots = mkdtempSync(join(tmpdir(), 'studio-api-signing-mandate-'));
const sepa = { creditorId: 'DE98ZZZ09999999999', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };
const directDebit = { accountHolder: 'Max Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  console.info(`signing page (mandate) screenshots: ${screenshots}`);
});

const openTablet = (options: TabletOptions) => openSigningTablet(browser, api.url, options);

const contractWithMandate = async () => {
  const contract = await contractOfSepaStudio(api, sepa, { directDebit });
  const session = await api.request('POST', `/api/contracts/${contract.id}/signing-sessions`, { body: {} });
  expect(session.status).toBe(201);
  const url = session.body.url as string;
  return { contract, url, token: new URL(url).hash.slice(1) };
};

const signingView = (token: string) =>
  api.request('GET', '/api/signing', { as: null, headers: { authorization: `Signing ${token}` } });

const customerName = (contract: { contact: { firstName: string; lastName: string } }) =>
  `${contract.contact.firstName} ${contract.contact.lastName}`;

const normalSpaces = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

/** The contract's step as the customer does it: a finger on the pad, the consent, the button. */
const signContractStep = async (tablet: Awaited<ReturnType<typeof openTablet>>) => {
  const { page } = tablet;
  await page.getByRole('button', { name: 'Verbindlich unterschreiben' }).waitFor();
  await drawWithFinger(tablet);
  await page.getByLabel(/Ich habe den Vertrag oben vollständig gelesen/).check();
  await page.getByRole('button', { name: 'Verbindlich unterschreiben' }).click();
  await page.getByRole('heading', { name: 'SEPA-Lastschriftmandat erteilen' }).waitFor();
};

const mandateConsent = (page: Page) => page.getByLabel(/Ich habe das SEPA-Lastschriftmandat oben gelesen/);

describe('the signing page with a SEPA mandate', () => {
  it('takes the contract’s signature, then the mandate’s on a pad of its own, and spends the link only then', async () => {
    // prepare
    const { contract, url, token } = await contractWithMandate();
    const mandate = (await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body;
    const tablet = await openTablet({ width: 768, height: 1024 });
    const { page } = tablet;

    // act: the contract's step
    await page.goto(url);
    await page.getByRole('button', { name: 'Verbindlich unterschreiben' }).waitFor();
    const contractText = normalSpaces(await page.locator('main').textContent());
    await signContractStep(tablet);
    const betweenSteps = await signingView(token);
    const contractAfterItsStep = (await api.request('GET', `/api/contracts/${contract.id}`)).body;

    // act: the mandate's step
    const submit = page.getByRole('button', { name: 'Mandat erteilen' });
    const mandateText = normalSpaces(await page.locator('main').textContent());
    const nameField = page.getByLabel('Name der unterschreibenden Person');
    const prefilled = await nameField.inputValue();
    const states: Record<string, boolean> = { initially: await submit.isDisabled() };
    await drawWithFinger(tablet, 0, 'mandate-pad');
    states.drawingOnly = await submit.isDisabled();
    await mandateConsent(page).check();
    states.all = await submit.isDisabled();
    await page.getByRole('button', { name: 'Löschen' }).click();
    states.cleared = await submit.isDisabled();
    await drawWithFinger(tablet, 1, 'mandate-pad');
    states.drawnAgain = await submit.isDisabled();
    const ink = await padInk(page, 'mandate-pad');
    await page.screenshot({ path: join(screenshots, 'tablet-768x1024-mandate.png'), fullPage: true });
    const formViolations = await accessibilityViolations(page);
    await submit.click();
    // Thanked is the customer who signed the contract, not the account holder (Max Mustermann).
    await page.getByRole('heading', { name: `Vielen Dank, ${customerName(contract)}!` }).waitFor();
    const doneText = normalSpaces(await page.locator('main').textContent());
    const doneViolations = await accessibilityViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Vertrag herunterladen (PDF)' }).click(),
    ]);
    const copy = readFileSync((await download.path()) as string);
    const sent = tablet.requests.filter((request) => request.method === 'POST').map((request) => request.url);
    const mandatePost = tablet.requests.find((request) => request.url.endsWith('/api/signing/mandate'));
    const signatureImage = JSON.parse(mandatePost?.body ?? '{}').signatureImage as string;
    const image = await inkedPixels(page, signatureImage);
    const problems = await tablet.problems();
    await tablet.context.close();

    // assess: what the customer saw
    expect(contractText).toContain('Danach folgt das SEPA-Lastschriftmandat.');
    for (const shown of [
      mandate.text,
      `Zahlungsempfänger${mandate.creditor.name}`,
      'Gläubiger-IdentifikationsnummerDE98ZZZ09999999999',
      `Mandatsreferenz${mandate.reference}`,
      'Kontoinhaber/inMax Mustermann',
      'IBANDE89 3704 0044 0532 0130 00',
      `Mandats-Hash: ${mandate.mandateHash}`,
    ]) {
      expect(mandateText).toContain(shown);
    }
    expect(prefilled).toBe('Max Mustermann');
    expect(states).toEqual({ initially: true, drawingOnly: true, all: false, cleared: true, drawnAgain: false });
    expect(ink).toBeGreaterThan(500);
    expect(formViolations).toEqual([]);
    expect(doneText).toContain(
      `Der Vertrag Nr. ${contract.number} und das SEPA-Lastschriftmandat sind unterschrieben.`,
    );
    expect(doneViolations).toEqual([]);
    expect(copy.subarray(0, 5).toString()).toBe('%PDF-');
    expect(problems).toEqual([]);
    expect(sent).toEqual([`${api.url}/api/signing`, `${api.url}/api/signing/mandate`]);
    expect(image.inked).toBeGreaterThan(500);

    // assess: the link stayed open between the steps, and the mandate is signed as the API holds it
    expect(contractAfterItsStep.status).toBe('signed');
    expect(betweenSteps.status).toBe(200);
    expect(betweenSteps.body.contractSigned).toBe(true);
    const signed = (await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body;
    expect(signed).toMatchObject({ status: 'active', signature: { signerName: 'Max Mustermann' } });
    expect(signed.signature.imageSha256).toBe(
      createHash('sha256')
        .update(Buffer.from(signatureImage.split(',')[1] ?? '', 'base64'))
        .digest('hex'),
    );
    expect(signed.signature.userAgent).toContain('Chrome');
    expect((await signingView(token)).status).toBe(401);
  }, 120_000);

  it('fits a 390-px phone, draws the mandate with the mouse, and a link opened again after the contract goes on with the mandate', async () => {
    const { contract, url, token } = await contractWithMandate();
    const phone = await openTablet({ width: 390, height: 844, mobile: true });
    const { page } = phone;

    await page.goto(url);
    await signContractStep(phone);
    // The same link again (a reload loses the token, which the page took out of the address): the mandate is what is left.
    await page.goto(url);
    const submit = page.getByRole('button', { name: 'Mandat erteilen' });
    await submit.waitFor();
    const overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
    const targets = (await page.evaluate(`[...document.querySelectorAll('button, input')].map((node) => {
      const { width, height } = node.getBoundingClientRect();
      return { name: node.textContent || node.id, width, height };
    })`)) as { name: string; width: number; height: number }[];
    const pad = page.locator('#mandate-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('The mandate’s pad is not on the page');
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 20; step++) {
      await page.mouse.move(box.x + 20 + step * 14, box.y + box.height / 2 + (step % 2 ? 12 : -12));
    }
    await page.mouse.up();
    await mandateConsent(page).check();
    await page.screenshot({ path: join(screenshots, 'phone-390x844-mandate.png'), fullPage: true });
    const violations = await accessibilityViolations(page);
    await submit.click();
    // After a reload the page thanks the customer the contract names.
    await page.getByRole('heading', { name: `Vielen Dank, ${customerName(contract)}!` }).waitFor();
    const problems = await phone.problems();
    await phone.context.close();

    expect(overflow).toBeLessThanOrEqual(0);
    for (const target of targets) expect(Math.min(target.width, target.height), target.name).toBeGreaterThanOrEqual(32);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body.status).toBe('active');
    expect((await signingView(token)).status).toBe(401);
  }, 120_000);
});
