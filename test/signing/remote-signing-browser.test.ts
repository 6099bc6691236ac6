import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { launchChromium } from '../support/chromium.ts';
import { theLinkMailedTo } from '../support/remote-signing.ts';
import { accessibilityViolations, drawWithFinger, openSigningTablet } from '../support/signing-tablet.ts';
import { studioProfile, useStudioProfile } from '../support/studio.ts';

// Signing at home in Chromium (docs/walkthrough.md, "Signing at home"): the customer opens the mailed link on a phone.
const api = useApi();
// Markup in the studio's name must reach the customer as text, in the Belehrung as everywhere.
const legalName = 'Studio <b>Mitte</b> & Söhne GmbH';
useStudioProfile(api, { ...studioProfile, legalName });

const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-remote-browser-'));
const outbox = join(dataDir, 'outbox');
const screenshots = mkdtempSync(join(tmpdir(), 'studio-api-remote-signing-'));

let browser: Browser;
beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  console.info(`remote signing screenshots: ${screenshots}`);
});

const created = async (path: string, body: unknown) => {
  const response = await api.request('POST', path, { body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};

describe('the remote signing page on a 390-px phone', () => {
  it('opens from the mailed link, shows the Belehrung before the pad and signs with the early start asked for', async () => {
    // prepare: a contract that starts in three days, within the period, sent home (the browser runs on the real clock)
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const email = `${unique('erika')}@example.com`;
    const lastName = unique('Mustermann');
    const contact = await created('/api/contacts', { firstName: 'Erika', lastName, email });
    const service = await created('/api/services', {
      name: unique('Fitness '),
      price: { amount: 3900, currency: 'EUR' },
      billingInterval: 'month',
    });
    const contract = await created('/api/contracts', {
      contactId: contact.id,
      items: [{ serviceId: service.id }],
      startDate: inThreeDays,
    });
    const opened = await api.request('POST', `/api/contracts/${contract.id}/signing-sessions`, {
      body: { channel: 'remote' },
    });
    const { url } = await theLinkMailedTo(outbox, email);
    const phone = await openSigningTablet(browser, api.url, { width: 390, height: 844, mobile: true });
    const { page } = phone;

    // act
    await page.goto(url.href);
    const submit = page.getByRole('button', { name: 'Verbindlich unterschreiben' });
    await submit.waitFor();
    const belehrungShown = await page.getByRole('heading', { name: 'Widerrufsbelehrung', level: 2 }).isVisible();
    const order = (await page.evaluate(
      `document.getElementById('withdrawal').compareDocumentPosition(document.getElementById('pad'))`,
    )) as number;
    const earlyStart = page.getByLabel(/Ich verlange ausdrücklich/);
    const tickedAtFirst = await earlyStart.isChecked();
    const noticeText = (await page.locator('#withdrawal').textContent()) ?? '';
    const boldInjected = await page.locator('#withdrawal b').count();
    await page.screenshot({ path: join(screenshots, 'remote-390x844-full.png'), fullPage: true });
    const scrollsSideways = await page.evaluate('document.documentElement.scrollWidth > window.innerWidth');
    await earlyStart.check();
    await drawWithFinger(phone);
    await page.getByLabel(/Ich habe den Vertrag oben vollständig gelesen/).check();
    const violations = await accessibilityViolations(page);
    await submit.click();
    await page.getByRole('heading', { name: `Vielen Dank, Erika ${lastName}!` }).waitFor();
    const sent = phone.requests.find((request) => request.method === 'POST');
    const problems = await phone.problems();
    await phone.context.close();

    // assess
    expect(opened.status).toBe(201);
    expect(opened.body).not.toHaveProperty('url');
    expect(belehrungShown).toBe(true);
    // DOCUMENT_POSITION_FOLLOWING (4): the pad comes after the Belehrung.
    expect(order & 4).toBe(4);
    expect(tickedAtFirst).toBe(false);
    expect(noticeText).toContain(`${legalName}, Torstraße 12, 10119 Berlin`);
    expect(noticeText).toContain('Muster-Widerrufsformular');
    expect(boldInjected).toBe(0);
    expect(scrollsSideways).toBe(false);
    expect(violations).toEqual([]);
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ requestedEarlyStart: true, consent: true });
    expect(problems).toEqual([]);
    const stored = (await api.request('GET', `/api/contracts/${contract.id}`)).body;
    expect(stored.status).toBe('signed');
    expect(stored.withdrawal).toMatchObject({ requestedEarlyStart: true, withdrawnAt: null });
  });
});
