import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { launchChromium } from '../support/chromium.ts';
import { signAsCustomer } from '../support/customer-signature.ts';
import { accessibilityViolations, drawWithFinger, openSigningTablet } from '../support/signing-tablet.ts';
import { useStudioProfile } from '../support/studio.ts';

// An amendment on the signing page (docs/amendments.md, "Am Tablet und zu Hause"): the change in words, then
// „Zustimmen“ and „Ablehnen“ of equal weight, on the counter's tablet and on a phone at home.
const api = useApi();
useStudioProfile(api);

const screenshots = mkdtempSync(join(tmpdir(), 'studio-api-signing-amendment-'));
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  console.info(`signing page (amendment) screenshots: ${screenshots}`);
});

type Body = Record<string, any>;
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A contract signed and begun today, a pause offered on it a week ahead, and a session for the pause. */
const offeredPause = async (session: Body = {}) => {
  const contact = await api.request('POST', '/api/contacts', {
    body: { firstName: 'Erika', lastName: unique('Mustermann'), email: `${unique('erika')}@example.com` },
  });
  const service = await api.request('POST', '/api/services', {
    body: { name: unique('Mitgliedschaft '), price: { amount: 4000, currency: 'EUR' }, billingInterval: 'month' },
  });
  const created = await api.request('POST', '/api/contracts', {
    body: { contactId: contact.body.id, items: [{ serviceId: service.body.id }], startDate: day(0) },
  });
  const signed = await signAsCustomer(api, created.body);
  const offered = await api.request('POST', `/api/contracts/${created.body.id}/amendments`, {
    body: { kind: 'pause', effectiveFrom: day(7), lastDay: day(13), reason: 'holiday' },
  });
  expect(offered.status, JSON.stringify(offered.body)).toBe(201);
  const opened = await api.request('POST', `/api/contracts/${created.body.id}/signing-sessions`, {
    body: { amendmentId: offered.body.id, ...session },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return { contract: signed.body as Body, amendment: offered.body as Body, url: opened.body.url as string };
};

const customerName = (contract: Body) => `${contract.contact.firstName} ${contract.contact.lastName}`;

const amendmentNow = async (amendment: Body) =>
  (await api.request('GET', `/api/contracts/${amendment.contractId}/amendments/${amendment.id}`)).body;

const weighed = [
  'width',
  'height',
  'font-size',
  'font-weight',
  'font-family',
  'color',
  'background-color',
  'border',
  'border-radius',
  'padding',
  'opacity',
];

/** The two buttons as the eye weighs them: their computed styles and boxes, and whether each is on screen. */
const weightOfButtons = (page: Page) =>
  page.evaluate(`[...document.querySelectorAll('.choices button')].map((button) => {
    const style = getComputedStyle(button);
    return {
      name: button.textContent,
      style: Object.fromEntries(${JSON.stringify(weighed)}.map((property) => [property, style.getPropertyValue(property)])),
      disabled: button.disabled,
    };
  })`) as Promise<{ name: string; style: Record<string, string>; disabled: boolean }[]>;

const buttons = (page: Page) => ({
  agree: page.getByRole('button', { name: 'Zustimmen' }),
  decline: page.getByRole('button', { name: 'Ablehnen' }),
});

describe('the signing page for an amendment', () => {
  it('shows the pause in words with „Zustimmen“ and „Ablehnen“ alike on a 768×1024 tablet, and agreeing signs it', async () => {
    // prepare
    const { contract, amendment, url } = await offeredPause();
    const tablet = await openSigningTablet(browser, api.url, { width: 768, height: 1024 });
    const { page } = tablet;
    const { agree, decline } = buttons(page);

    // act: read, then weigh the two buttons as they first appear
    await page.goto(url);
    await agree.waitFor();
    const text = (await page.locator('main').textContent())?.replace(/\s+/g, ' ') ?? '';
    await agree.scrollIntoViewIfNeeded();
    const visible = [await agree.isVisible(), await decline.isVisible()];
    const inViewport = [await agree.boundingBox(), await decline.boundingBox()].map(
      (box) => box !== null && box.y >= 0 && box.y + box.height <= 1024,
    );
    const weights = await weightOfButtons(page);
    await page.screenshot({ path: join(screenshots, 'tablet-768x1024-amendment.png'), fullPage: true });
    const violations = await accessibilityViolations(page);

    // act: agreeing without a signature asks for it and sends nothing; then with one
    await agree.click();
    const reminder = await page.getByRole('alert').textContent();
    const postsBefore = tablet.requests.filter((request) => request.method === 'POST').length;
    await drawWithFinger(tablet);
    await page.getByLabel(/stimme ihr mit meiner Unterschrift verbindlich zu/).check();
    await agree.click();
    await page.getByRole('heading', { name: `Vielen Dank, ${customerName(contract)}!` }).waitFor();
    const doneText = (await page.locator('main').textContent())?.replace(/\s+/g, ' ') ?? '';
    const doneViolations = await accessibilityViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Vereinbarung herunterladen (PDF)' }).click(),
    ]);
    const copy = readFileSync((await download.path()) as string);
    const problems = await tablet.problems();
    const posts = tablet.requests.filter((request) => request.method === 'POST').map((request) => request.url);
    await tablet.context.close();

    // assess: what the customer saw
    expect(text).toContain(`Vereinbarung über eine Ruhezeit zum Vertrag ${contract.number} (${amendment.number})`);
    expect(text).toContain('Der Vertrag ruht vom');
    expect(text).toContain('(7 Tage)');
    expect(text).toContain('Für die ruhenden Tage werden keine Beiträge berechnet.');
    expect(text).toContain(`Änderungs-Hash: ${amendment.amendmentHash}`);
    expect(visible).toEqual([true, true]);
    expect(inViewport).toEqual([true, true]);
    expect(weights.map((weight) => weight.name)).toEqual(['Zustimmen', 'Ablehnen']);
    expect(weights[0]?.style).toEqual(weights[1]?.style);
    expect(weights.map((weight) => weight.disabled)).toEqual([false, false]);
    expect(Number.parseFloat(weights[0]?.style.height ?? '0')).toBeGreaterThanOrEqual(44);
    expect(violations).toEqual([]);
    expect(reminder).toContain('Zum Zustimmen fehlt noch etwas');
    expect(postsBefore).toBe(0);
    expect(doneText).toContain(`Sie haben der Änderung Nr. ${amendment.number} zugestimmt.`);
    expect(doneViolations).toEqual([]);
    expect(problems).toEqual([]);
    expect(posts).toEqual([`${api.url}/api/signing/amendment`]);

    // assess: agreed as the staff route would have it, with the tablet's browser as evidence
    const agreed = await amendmentNow(amendment);
    expect(agreed).toMatchObject({ status: 'agreed', signature: { signerName: customerName(contract) } });
    expect(agreed.signature.userAgent).toContain('Chrome');
    // assess: the agreement it downloads is the stored one staff get
    const stored = await fetch(`${api.url}/api/contracts/${contract.id}/amendments/${amendment.id}/document`, {
      headers: { authorization: `Bearer ${await api.token({ groups: ['owner'] })}` },
    });
    expect(download.suggestedFilename()).toBe(`Aenderungsvereinbarung-${amendment.number}.pdf`);
    expect(copy.equals(Buffer.from(await stored.arrayBuffer()))).toBe(true);
  }, 120_000);

  it('fits a 390-px phone at home with both buttons alike, and declining declines it', async () => {
    // prepare: the link as a remote session would mail it is the same page; a counter session gives it to the test
    const { contract, amendment, url } = await offeredPause();
    const phone = await openSigningTablet(browser, api.url, { width: 390, height: 844, mobile: true });
    const { page } = phone;
    const { agree, decline } = buttons(page);

    // act
    await page.goto(url);
    await decline.waitFor();
    await decline.scrollIntoViewIfNeeded();
    const visible = [await agree.isVisible(), await decline.isVisible()];
    const overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
    const weights = await weightOfButtons(page);
    await page.screenshot({ path: join(screenshots, 'phone-390x844-amendment.png'), fullPage: true });
    const violations = await accessibilityViolations(page);
    await decline.click();
    await page.getByRole('heading', { name: 'Die Änderung ist abgelehnt' }).waitFor();
    const doneText = (await page.locator('main').textContent())?.replace(/\s+/g, ' ') ?? '';
    const doneViolations = await accessibilityViolations(page);
    const problems = await phone.problems();
    await phone.context.close();

    // assess
    expect(visible).toEqual([true, true]);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(weights[0]?.style).toEqual(weights[1]?.style);
    expect(Number.parseFloat(weights[0]?.style.width ?? '0')).toBeGreaterThan(300);
    expect(violations).toEqual([]);
    expect(doneText).toContain(`Ihr Vertrag Nr. ${contract.number} bleibt, wie er ist.`);
    expect(doneViolations).toEqual([]);
    expect(problems).toEqual([]);
    expect(await amendmentNow(amendment)).toMatchObject({ status: 'declined', signature: null });
  }, 120_000);
});
