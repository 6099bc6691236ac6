import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { launchChromium } from '../support/chromium.ts';
import { useClock } from '../support/clock.ts';
import {
  accessibilityViolations,
  drawWithFinger,
  inkedPixels,
  openSigningTablet,
  padInk,
  type TabletOptions,
  until,
} from '../support/signing-tablet.ts';
import { studioProfile, useStudioProfile } from '../support/studio.ts';

const api = useApi();
useStudioProfile(api);
const clock = useClock();

const screenshots = mkdtempSync(join(tmpdir(), 'studio-api-signing-'));

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  console.info(`signing page screenshots: ${screenshots}`);
});

const createContract = async () => {
  const lastName = unique('Mustermann');
  const contact = await api.request('POST', '/api/contacts', {
    body: {
      firstName: 'Erika',
      lastName,
      email: `${unique('erika')}@example.com`,
      address: { street: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
    },
  });
  const yoga = await api.request('POST', '/api/services', {
    body: { name: 'Yoga unbegrenzt', price: { amount: 4900, currency: 'EUR' }, billingInterval: 'month' },
  });
  const fee = await api.request('POST', '/api/services', {
    body: { name: 'Aufnahmegebühr', price: { amount: 2500, currency: 'EUR' }, billingInterval: 'once' },
  });
  const contract = await api.request('POST', '/api/contracts', {
    body: {
      contactId: contact.body.id,
      items: [{ serviceId: yoga.body.id }, { serviceId: fee.body.id }],
      startDate: '2026-12-01',
      minimumTermMonths: 12,
      terms: 'Es gilt die Hausordnung.\nHandtücher bitte selbst mitbringen.',
    },
  });
  expect(contract.status).toBe(201);
  return { ...contract.body, lastName };
};

const openSession = async (contractId: string, body: Record<string, unknown> = {}) => {
  const session = await api.request('POST', `/api/contracts/${contractId}/signing-sessions`, { body });
  expect(session.status).toBe(201);
  return { url: session.body.url as string, token: new URL(session.body.url).hash.slice(1), body: session.body };
};

const openTablet = (options: TabletOptions) => openSigningTablet(browser, api.url, options);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const normalSpaces = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

describe('the signing page on a tablet', () => {
  it('shows the contract, takes a finger-drawn signature, signs once and offers the copy', async () => {
    // prepare
    const contract = await createContract();
    const session = await openSession(contract.id);
    const tablet = await openTablet({ width: 768, height: 1024 });
    const { page } = tablet;

    // act: open the link as the QR code or the counter's screen would
    const started = Date.now();
    const response = await page.goto(session.url);
    const submit = page.getByRole('button', { name: 'Verbindlich unterschreiben' });
    await submit.waitFor();
    const interactiveAfterMs = Date.now() - started;
    await page.screenshot({ path: join(screenshots, 'tablet-768x1024-top.png') });
    const text = normalSpaces(await page.locator('main').textContent());
    const nameField = page.getByLabel('Name der unterschreibenden Person');
    const consent = page.getByLabel(/Ich habe den Vertrag oben vollständig gelesen/);
    const states: Record<string, boolean> = { initially: await submit.isDisabled() };
    await consent.check();
    states.consentOnly = await submit.isDisabled();
    await consent.uncheck();
    await drawWithFinger(tablet);
    states.drawingOnly = await submit.isDisabled();
    await consent.check();
    states.all = await submit.isDisabled();
    await page.getByRole('button', { name: 'Löschen' }).click();
    states.cleared = await submit.isDisabled();
    await drawWithFinger(tablet, 1);
    await nameField.fill('  ');
    states.noName = await submit.isDisabled();
    await nameField.fill(`Erika ${contract.lastName}`);
    states.readyAgain = await submit.isDisabled();
    await page.locator('#signing').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshots, 'tablet-768x1024-pad.png') });
    await page.screenshot({ path: join(screenshots, 'tablet-768x1024-full.png'), fullPage: true });
    const inkPortrait = await padInk(page);
    // The tablet turns: the stroke stays, scaled to the wider pad.
    await page.setViewportSize({ width: 1024, height: 768 });
    await until(
      page,
      `document.getElementById('pad').width === 2 * document.getElementById('pad').getBoundingClientRect().width`,
    );
    const inkLandscape = await padInk(page);
    await page.locator('#signing').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshots, 'tablet-1024x768-pad.png') });
    const formViolations = await accessibilityViolations(page);
    await submit.click();
    const thanks = page.getByRole('heading', { name: `Vielen Dank, Erika ${contract.lastName}!` });
    await thanks.waitFor();
    await page.screenshot({ path: join(screenshots, 'tablet-768x1024-done.png') });
    const doneViolations = await accessibilityViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Vertrag herunterladen (PDF)' }).click(),
    ]);
    const copy = readFileSync((await download.path()) as string);
    const sent = tablet.requests.find((request) => request.method === 'POST');
    const signatureImage = JSON.parse(sent?.body ?? '{}').signatureImage as string;
    const image = await inkedPixels(page, signatureImage);
    const problems = await tablet.problems();
    const formStillThere = await page.locator('#signing').count();
    await tablet.context.close();

    // assess: the page, as the customer saw it
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(page.url()).toBe(`${api.url}/api/sign`);
    for (const shown of [
      `Vertrag Nr. ${contract.number}`,
      studioProfile.legalName,
      'Torstraße 12',
      `Erika ${contract.lastName}`,
      'Yoga unbegrenzt',
      'Aufnahmegebühr',
      '49,00 €',
      'Summe monatlich: 49,00 €',
      'Summe einmalig: 25,00 €',
      'Vertragsbeginn: 01.12.2026.',
      'Mindestlaufzeit: 12 Monate, vom 01.12.2026 bis 30.11.2027.',
      'Kündigungsfrist: 1 Monat ab Eingang der Kündigung.',
      'Es gilt die Hausordnung.',
      `Dokument-Hash: ${contract.documentHash}`,
    ]) {
      expect(text).toContain(shown);
    }
    expect(text.indexOf('Vertragsbedingungen')).toBeLessThan(text.indexOf('Unterschrift ('));
    expect(states).toEqual({
      initially: true,
      consentOnly: true,
      drawingOnly: true,
      all: false,
      cleared: true,
      noName: true,
      readyAgain: false,
    });
    expect(inkPortrait).toBeGreaterThan(500);
    expect(inkLandscape).toBeGreaterThan(inkPortrait);
    expect(formViolations).toEqual([]);
    expect(doneViolations).toEqual([]);
    expect(formStillThere).toBe(0);
    expect(problems).toEqual([]);
    // The token went only in the Authorization header: in no URL, and no request carried a referrer.
    for (const request of tablet.requests) {
      expect(request.url).not.toContain(session.token);
      expect(request.headers.referer ?? '').toBe('');
    }
    expect(tablet.requests.filter((r) => r.headers.authorization === `Signing ${session.token}`).length).toBe(3);
    // The image within §4's rules, with ink on it.
    expect(signatureImage).toMatch(/^data:image\/png;base64,/);
    const imageBytes = Buffer.from(signatureImage.split(',')[1] ?? '', 'base64');
    expect(imageBytes.length).toBeLessThanOrEqual(100 * 1024);
    expect(image.width).toBeLessThanOrEqual(2000);
    expect(image.inked).toBeGreaterThan(500);
    expect(copy.subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.suggestedFilename()).toBe(`Vertrag-${contract.number}.pdf`);
    console.info(`signing page interactive after ${interactiveAfterMs} ms`);

    // assess: the contract, as the API holds it
    const signed = await api.request('GET', `/api/contracts/${contract.id}`);
    expect(signed.body.status).toBe('signed');
    expect(signed.body.signatures).toHaveLength(1);
    expect(signed.body.signatures[0]).toMatchObject({
      role: 'customer',
      signerName: `Erika ${contract.lastName}`,
      imageSha256: sha256(imageBytes),
    });
    expect(signed.body.signatures[0].userAgent).toContain('Chrome');
    const verification = await api.request('GET', `/api/contracts/${contract.id}/verification`);
    expect(verification.body).toMatchObject({ valid: true, signatures: [{ sealValid: true, imageValid: true }] });
    const again = await api.request('POST', '/api/signing', {
      as: null,
      headers: { authorization: `Signing ${session.token}` },
      body: { signerName: 'X', signatureImage, consent: true, documentHash: contract.documentHash },
    });
    expect(again.status).toBe(401);
  }, 120_000);

  it('fits a 390-px phone: no sideways scrolling, large targets, and the mouse draws too', async () => {
    const contract = await createContract();
    const session = await openSession(contract.id);
    const phone = await openTablet({ width: 390, height: 844, mobile: true });
    const { page } = phone;

    await page.goto(session.url);
    const submit = page.getByRole('button', { name: 'Verbindlich unterschreiben' });
    await submit.waitFor();
    await page.screenshot({ path: join(screenshots, 'phone-390x844-top.png') });
    await page.screenshot({ path: join(screenshots, 'phone-390x844-full.png'), fullPage: true });
    const overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
    const targets = (await page.evaluate(`[...document.querySelectorAll('button, input')].map((node) => {
      const { width, height } = node.getBoundingClientRect();
      return { name: node.textContent || node.id, width, height };
    })`)) as { name: string; width: number; height: number }[];
    const pad = page.locator('#pad');
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('The pad is not on the page');
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 20; step++) {
      await page.mouse.move(box.x + 20 + step * 14, box.y + box.height / 2 + (step % 2 ? 12 : -12));
    }
    await page.mouse.up();
    await page.getByLabel(/Ich habe den Vertrag oben vollständig gelesen/).check();
    await page.screenshot({ path: join(screenshots, 'phone-390x844-pad.png') });
    const enabled = await submit.isEnabled();
    const violations = await accessibilityViolations(page);
    const problems = await phone.problems();
    await phone.context.close();

    expect(overflow).toBeLessThanOrEqual(0);
    for (const target of targets) expect(Math.min(target.width, target.height), target.name).toBeGreaterThanOrEqual(32);
    expect(enabled).toBe(true);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);

  it('tells the customer when the link no longer works: replaced, expired or without a token', async () => {
    const contract = await createContract();
    const replaced = await openSession(contract.id);
    await openSession(contract.id);
    const expiring = await openSession((await createContract()).id, { expiresInMinutes: 5 });
    const tablet = await openTablet({ width: 768, height: 1024 });
    const { page } = tablet;
    const heading = page.getByRole('heading', { name: 'Dieser Link gilt nicht mehr' });

    await page.goto(replaced.url);
    await heading.waitFor();
    await page.screenshot({ path: join(screenshots, 'tablet-link-invalid.png') });
    const violations = await accessibilityViolations(page);
    await page.goto(`${api.url}/api/sign`);
    await heading.waitFor();
    clock.set(new Date(Date.parse(expiring.body.expiresAt) + 1000).toISOString());
    await page.goto(expiring.url);
    await heading.waitFor();
    const formShown = await page.locator('#signing').count();
    const problems = (await tablet.problems()).filter(
      // The browser reports each refused fetch (the 401s this test is about) on its console.
      (problem) => !problem.includes('401 (Unauthorized)'),
    );
    await tablet.context.close();

    expect(formShown).toBe(0);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('the signing page’s weight', () => {
  it('is at most 60 KB gzipped: HTML, scripts and style', async () => {
    const page = await fetch(`${api.url}/api/sign`);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="(sign\/[^"]+)"/g)].map((match) => match[1] as string);
    const bodies = await Promise.all(
      assets.map(async (asset) => {
        const response = await fetch(`${api.url}/api/${asset}`, { headers: { 'accept-encoding': 'identity' } });
        expect(response.status).toBe(200);
        return Buffer.from(await response.arrayBuffer());
      }),
    );

    const gzipped = [Buffer.from(html), ...bodies].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);

    expect(assets.sort()).toEqual(['sign/sign-page.css', 'sign/sign-page.js', 'sign/signature_pad.umd.min.js']);
    console.info(`signing page weight: ${(gzipped / 1024).toFixed(1)} KB gzipped`);
    expect(gzipped).toBeLessThanOrEqual(60 * 1024);
  });
});
