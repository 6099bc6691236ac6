import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';

// The signing page in Chromium (test/signing/signing-*browser.test.ts): a tablet that records what goes wrong, a finger that signs, axe.

const axeSource = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

export interface Watched {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, page errors, CSP violations and requests to other hosts. */
  problems: () => Promise<string[]>;
  requests: { url: string; method: string; headers: Record<string, string>; body: string | null }[];
}

export interface TabletOptions {
  width: number;
  height: number;
  mobile?: boolean;
}

/** A page in a fresh browser context (a tablet with touch unless told otherwise) that records what went wrong. */
export const openSigningTablet = async (browser: Browser, apiUrl: string, options: TabletOptions): Promise<Watched> => {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height },
    deviceScaleFactor: 2,
    hasTouch: true,
    isMobile: options.mobile ?? false,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const seen: string[] = [];
  const requests: Watched['requests'] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    requests.push({
      url: request.url(),
      method: request.method(),
      headers: request.headers(),
      body: request.postData(),
    });
    if (!request.url().startsWith(apiUrl) && !/^(data|blob):/.test(request.url())) {
      seen.push(`foreign request: ${request.url()}`);
    }
  });
  // Before any of the page's own scripts: every violation of its Content-Security-Policy is recorded.
  await page.addInitScript({
    content: `window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`,
  });
  return {
    page,
    context,
    requests,
    problems: async () => [
      ...seen,
      ...((await page.evaluate('window.cspViolations').catch(() => [])) as string[]).map((v) => `csp: ${v}`),
    ],
  };
};

/** A signature-like stroke across a pad (`#pad`, the contract's), drawn with touch events (Chromium turns them into pointer events). */
export const drawWithFinger = async ({ page, context }: Watched, shift = 0, padId = 'pad') => {
  const pad = page.locator(`#${padId}`);
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('The pad is not on the page');
  const cdp = await context.newCDPSession(page);
  const points = Array.from({ length: 40 }, (_, index) => ({
    x: box.x + box.width * (0.1 + 0.8 * (index / 39)),
    y: box.y + box.height * (0.5 + 0.25 * Math.sin(index / 3 + shift)),
  }));
  const [first, ...rest] = points;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first as { x: number; y: number }] });
  for (const point of rest) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
};

// Browser-side code is written as expressions (the project compiles without the DOM's types).
// Read from a copy made for reading: reading the pad's own canvas back would slow it down (and Chromium says so).
const countInk = `(source) => {
  const canvas = document.createElement('canvas');
  canvas.width = source.naturalWidth ?? source.width;
  canvas.height = source.naturalHeight ?? source.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.drawImage(source, 0, 0);
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let inked = 0;
  for (let index = 3; index < data.length; index += 4) if (data[index] > 0) inked++;
  return inked;
}`;

/** How many pixels of an image (a data URL) are not transparent, counted in the page. */
export const inkedPixels = (page: Page, dataUrl: string): Promise<{ width: number; height: number; inked: number }> =>
  page.evaluate(`(async () => {
    const image = new Image();
    image.src = ${JSON.stringify(dataUrl)};
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight, inked: (${countInk})(image) };
  })()`);

/** A pad's own canvas: how many of its pixels carry ink now. */
export const padInk = (page: Page, padId = 'pad'): Promise<number> =>
  page.evaluate(`(${countInk})(document.getElementById(${JSON.stringify(padId)}))`);

/**
 * Waits until an expression holds in the page. Not `waitForFunction`: it evaluates its string with
 * `eval` inside the page, which the page's policy rightly refuses.
 */
export const until = async (page: Page, expression: string) => {
  for (let attempt = 0; !(await page.evaluate(expression)); attempt++) {
    if (attempt > 50) throw new Error(`Still not true after 5 s: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** axe-core's serious and critical findings on the page as it is now. */
export const accessibilityViolations = async (page: Page): Promise<string[]> => {
  // Evaluated through the DevTools protocol, which the page's policy does not govern (an inline <script> would be refused).
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
