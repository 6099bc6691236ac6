import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { launchChromium } from '../support/chromium.ts';
import { useStudioProfile } from '../support/studio.ts';
import { confirmed, signedContractOf } from './declaration-support.ts';

const api = useApi();
useStudioProfile(api);
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-declaration-pages-'));
process.env.DATA_DIR = dataDir;
const outbox = join(dataDir, 'outbox');
useBackgroundFunctions(['declarations-match'], dataDir);

const axeSource = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A phone (390 px wide) that records console errors, page errors and violations of the page's policy. */
const openPhone = async (path: string) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (!request.url().startsWith(api.url) && !/^(data|blob):/.test(request.url())) {
      problems.push(`foreign request: ${request.url()}`);
    }
  });
  await page.addInitScript({
    content: `window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`,
  });
  const response = await page.goto(`${api.url}${path}`);
  return {
    page,
    context,
    response,
    problems: async () => [
      ...problems,
      ...((await page.evaluate('window.cspViolations')) as string[]).map((violation) => `csp: ${violation}`),
    ],
  };
};

/** axe-core's serious and critical findings, run through the DevTools protocol (the page's policy refuses inline scripts). */
const accessibilityViolations = async (page: Page): Promise<string[]> => {
  await page.evaluate(axeSource);
  const results = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`)) as {
    violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
  };
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
};

/** Types into the focused field after moving focus with Tab until the element with `id` has it. */
const tabTo = async (page: Page, id: string) => {
  for (let presses = 0; presses < 40; presses++) {
    if ((await page.evaluate('document.activeElement && document.activeElement.id')) === id) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached #${id}`);
};

const fillByKeyboard = async (page: Page, fields: Record<string, string>) => {
  for (const [id, text] of Object.entries(fields)) {
    await tabTo(page, id);
    await page.keyboard.type(text);
  }
};

const until = async (page: Page, expression: string) => {
  for (let attempt = 0; !(await page.evaluate(expression)); attempt++) {
    if (attempt > 100) {
      const shown = await page.locator('#form-error').textContent();
      throw new Error(`Still not true after 10 s: ${expression} (the form says: ${shown})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('„Verträge hier kündigen“ on a phone', () => {
  it('is filled in and sent by keyboard alone, is axe-clean, and shows a receipt to print or save', async () => {
    const { contact, contract } = await signedContractOf(api);
    const phone = await openPhone('/api/kuendigen');
    const { page } = phone;
    expect(phone.response?.status()).toBe(200);
    expect(phone.response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(phone.response?.headers()['x-frame-options']).toBe('DENY');
    expect(await page.locator('h1').textContent()).toBe('Verträge hier kündigen');
    expect(await accessibilityViolations(page)).toEqual([]);
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    await fillByKeyboard(page, {
      firstName: 'Ada',
      lastName: contact.lastName,
      email: contact.email,
      contractNumber: contract.number,
    });
    await tabTo(page, 'kind-ordinary');
    await tabTo(page, 'submit');
    expect(await page.locator('#submit').textContent()).toBe('Jetzt kündigen');
    await page.keyboard.press('Enter');

    await until(page, `!document.getElementById('receipt').hidden`);
    expect(await page.evaluate('document.activeElement.id')).toBe('receipt');
    const receipt = (await page.locator('#receipt-content').textContent()) ?? '';
    expect(receipt).toContain(contact.lastName);
    expect(receipt).toMatch(/Eingegangen am\d{1,2}\. \S+ \d{4}(,| um) \d{2}:\d{2}:\d{2}/);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Saved as a file, by keyboard too: the receipt's text with its receipt number.
    await tabTo(page, 'download');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const saved = readFileSync((await download.path()) as string, 'utf8');
    expect(saved).toContain('Ihre Kündigung ist eingegangen');
    expect(saved).toContain(contact.lastName);
    const id = (saved.match(/Eingangsnummer: (\S+)/) ?? [])[1] as string;
    expect(await page.locator('#print').isVisible()).toBe(true);

    await confirmed(outbox, id);
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body.status).toBe('terminated');
    expect(await phone.problems()).toEqual([]);
    await phone.context.close();
  });

  it('shows HTML and script in every field as text in the receipt', async () => {
    const phone = await openPhone('/api/kuendigen');
    const { page } = phone;
    const markup = '<img src=x onerror="window.injected=1"><script>window.injected=2</script>';
    await fillByKeyboard(page, {
      firstName: `<b>Ada</b>${markup}`,
      lastName: `${unique('X')}${markup}`,
      email: 'markup@example.com',
      contractNumber: `<i>1</i>${markup}`,
    });
    await tabTo(page, 'kind-ordinary');
    await page.keyboard.press('ArrowDown'); // extraordinary: the reason becomes required
    await fillByKeyboard(page, { reason: `Grund ${markup}` });
    await tabTo(page, 'submit');
    await page.keyboard.press('Enter');

    await until(page, `!document.getElementById('receipt').hidden`);
    const receipt = (await page.locator('#receipt-content').textContent()) ?? '';
    expect(receipt).toContain(`<b>Ada</b>${markup}`);
    expect(receipt).toContain(`Grund ${markup}`);
    expect(await page.locator('#receipt-content img, #receipt-content script, #receipt-content b').count()).toBe(0);
    expect(await page.evaluate('window.injected')).toBeUndefined();
    expect(await phone.problems()).toEqual([]);
    await phone.context.close();
  });

  it('names the missing field and keeps the form', async () => {
    const phone = await openPhone('/api/kuendigen');
    const { page } = phone;
    await fillByKeyboard(page, { firstName: 'Ada', email: 'ada@example.com' });
    await tabTo(page, 'submit');
    await page.keyboard.press('Enter');
    await until(page, `!document.getElementById('lastName-error').hidden`);
    expect(await page.locator('#lastName').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate('document.activeElement.id')).toBe('lastName');
    expect(await page.locator('#receipt').isHidden()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await phone.context.close();
  });
});

describe('„Vertrag widerrufen“ on a phone', () => {
  it('is sent by keyboard alone, is axe-clean, and shows the receipt', async () => {
    const phone = await openPhone('/api/widerrufen');
    const { page } = phone;
    expect(await page.locator('h1').textContent()).toBe('Vertrag widerrufen');
    expect(await accessibilityViolations(page)).toEqual([]);
    await fillByKeyboard(page, { firstName: 'Ada', lastName: unique('Brandt'), email: 'ada@example.com' });
    await tabTo(page, 'submit');
    expect(await page.locator('#submit').textContent()).toBe('Widerruf bestätigen');
    await page.keyboard.press('Enter');
    await until(page, `!document.getElementById('receipt').hidden`);
    expect(await page.locator('#receipt-title').textContent()).toBe('Ihr Widerruf ist eingegangen');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await phone.problems()).toEqual([]);
    await phone.context.close();
  });
});
