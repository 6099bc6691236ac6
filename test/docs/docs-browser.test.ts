import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApi } from '../support/api.ts';
import { launchChromium } from '../support/chromium.ts';

const api = useApi();

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('the API documentation page in a browser', () => {
  it('renders the contracts section in German from the API itself, without CSP violations or console errors', async () => {
    // prepare
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    const foreignRequests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('request', (request) => {
      if (!request.url().startsWith(api.url) && !request.url().startsWith('data:')) foreignRequests.push(request.url());
    });
    // Before any of the page's own scripts: every violation of its Content-Security-Policy is recorded.
    await page.addInitScript({
      content: `window.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`,
    });

    // act
    const response = await page.goto(`${api.url}/api/docs`);
    const contractsTag = page.locator('h3[data-tag="Verträge"]');
    await contractsTag.waitFor({ timeout: 20_000 });
    const signing = page.locator('[id="operations-Verträge-contracts-sign"]');
    await signing.locator('.opblock-summary').click();
    await signing.locator('.opblock-body').waitFor();
    const screenshot = join(mkdtempSync(join(tmpdir(), 'studio-api-docs-')), 'docs.png');
    await contractsTag.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshot });
    await signing.screenshot({ path: screenshot.replace('docs.png', 'contracts-sign.png') });
    const violations = (await page.evaluate('window.cspViolations')) as string[];
    const contractsSection = await page.locator('.opblock-tag-section', { has: contractsTag }).textContent();
    console.info(`docs page screenshots: ${screenshot} and contracts-sign.png beside it`);

    // assess
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(await contractsTag.isVisible()).toBe(true);
    expect(contractsSection).toContain('Verträge');
    for (const summary of ['Verträge auflisten', 'Vertrag anlegen', 'Vertrag unterschreiben', 'Vertrag prüfen']) {
      expect(contractsSection).toContain(summary);
    }
    expect(await contractsTag.textContent()).toContain('§ 309 Nr. 9 Buchst. a BGB');
    expect(await signing.textContent()).toContain('Der mitgesendete Dokument-Hash muss dem des Vertrags entsprechen');
    expect(await page.locator('h3[data-tag="Contacts"]').textContent()).toContain('Contacts');
    expect(existsSync(screenshot)).toBe(true);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    expect(foreignRequests).toEqual([]);
    await page.close();
  });
});
