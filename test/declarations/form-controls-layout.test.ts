import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { launchChromium } from '../support/chromium.ts';
import { theLinkMailedTo } from '../support/remote-signing.ts';
import { useStudioProfile } from '../support/studio.ts';

// The radios and checkboxes of the customer's pages (issue 32: „Außerordentliche Kündigung …“ was squashed at 390 px):
// „Verträge hier kündigen“, „Vertrag widerrufen“ and the signing page, on a phone and on a tablet.
const api = useApi();
useStudioProfile(api);
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-form-controls-'));
process.env.DATA_DIR = dataDir;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

interface Control {
  id: string;
  width: number;
  height: number;
  left: number;
  /** The vertical middle of the control, and of its label's first line of text. */
  middle: number;
  labelFirstLineMiddle: number;
  labelLeft: number;
}

/** Every visible radio and checkbox with the box of its label's first line. */
const controlsOf = (page: Page): Promise<Control[]> =>
  page.evaluate(`[...document.querySelectorAll('input[type="radio"], input[type="checkbox"]')]
    .filter((input) => input.getClientRects().length > 0)
    .map((input) => {
      const box = input.getBoundingClientRect();
      const label = input.labels?.[0];
      const text = label ? document.createTreeWalker(label, NodeFilter.SHOW_TEXT).nextNode() : null;
      const range = document.createRange();
      if (text) range.selectNodeContents(text);
      const line = text ? range.getClientRects()[0] : undefined;
      return {
        id: input.id,
        width: box.width,
        height: box.height,
        left: box.left,
        middle: box.top + box.height / 2,
        labelFirstLineMiddle: line ? line.top + line.height / 2 : NaN,
        labelLeft: line ? line.left : NaN,
      };
    })`) as Promise<Control[]>;

const measure = async (width: number, url: string, ready: (page: Page) => Promise<unknown>) => {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    deviceScaleFactor: 2,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  const page = await context.newPage();
  await page.goto(url);
  await ready(page);
  const controls = await controlsOf(page);
  await context.close();
  return controls;
};

const expectSquareSameSizeAligned = (controls: Control[], where: string) => {
  const [first] = controls;
  for (const control of controls) {
    const name = `${where} #${control.id}`;
    expect(control.width, `${name} is square`).toBeCloseTo(control.height, 0);
    expect(control.width, `${name} is as wide as #${first?.id}`).toBeCloseTo(first?.width ?? 0, 0);
    expect(
      Math.abs(control.middle - control.labelFirstLineMiddle),
      `${name} sits on its label's first line`,
    ).toBeLessThanOrEqual(2);
    expect(control.labelLeft, `${name} stands before its label`).toBeGreaterThan(control.left + control.width);
  }
};

const signingLink = async () => {
  const email = `${unique('erika')}@example.com`;
  const contact = await api.request('POST', '/api/contacts', {
    body: { firstName: 'Erika', lastName: unique('Mustermann'), email },
  });
  const service = await api.request('POST', '/api/services', {
    body: { name: unique('Fitness '), price: { amount: 3900, currency: 'EUR' }, billingInterval: 'month' },
  });
  // Starting within the period: the page asks about the early start in a box of its own.
  const startDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const contract = await api.request('POST', '/api/contracts', {
    body: { contactId: contact.body.id, items: [{ serviceId: service.body.id }], startDate },
  });
  const session = await api.request('POST', `/api/contracts/${contract.body.id}/signing-sessions`, {
    body: { channel: 'remote' },
  });
  expect(session.status).toBe(201);
  return (await theLinkMailedTo(join(dataDir, 'outbox'), email)).url.href;
};

describe('the radios and checkboxes of the customer’s pages', () => {
  for (const width of [390, 768]) {
    it(`are square, of one size and on their label's first line at ${width} px`, async () => {
      const termination = await measure(width, `${api.url}/api/kuendigen`, (page) =>
        page
          .getByRole('button', { name: /kündigen/i })
          .first()
          .waitFor(),
      );
      const withdrawal = await measure(width, `${api.url}/api/widerrufen`, (page) =>
        page
          .getByRole('button', { name: /widerruf/i })
          .first()
          .waitFor(),
      );
      const signing = await measure(width, await signingLink(), (page) =>
        page.getByRole('button', { name: 'Verbindlich unterschreiben' }).waitFor(),
      );

      expect(termination.map(({ id }) => id)).toEqual([
        'kind-ordinary',
        'kind-extraordinary',
        'end-earliest',
        'end-date',
      ]);
      expect(signing.map(({ id }) => id)).toEqual(['early-start', 'consent']);
      expectSquareSameSizeAligned(termination, `kuendigen ${width}`);
      expectSquareSameSizeAligned(withdrawal, `widerrufen ${width}`);
      expectSquareSameSizeAligned(signing, `signing ${width}`);
    }, 120_000);
  }
});
