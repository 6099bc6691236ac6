import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.ts';
import { withLocalApi } from './local-api.ts';
import { type Latency, latency, median, round } from './stats.ts';

/** One file the page loads, as served and as gzip (level 9) would send it. */
export interface PageFile {
  path: string;
  /** Playwright's resource type: document, script, stylesheet, fetch. */
  type: string;
  bytes: number;
  gzipBytes: number;
}

export interface SigningPageResult {
  viewport: string;
  /** HTML, scripts and style: what issue 14's budget counts. */
  files: PageFile[];
  pageGzipBytes: number;
  /** The contract's JSON the page fetches with the token (data, not page weight). */
  data: PageFile[];
  /** ms from navigation start until the contract is shown and the pad is ready to draw. */
  timeToInteractive: Latency;
  /** Medians, ms from navigation start: the HTML's last byte, DOMContentLoaded, and the contract's JSON. */
  htmlReceivedMs: number;
  domContentLoadedMs: number;
  contractLoadedMs: number;
}

export interface SigningPageOptions {
  runs: number;
  /** A pending contract the sessions are opened for (each run opens a new one, as each customer visit does). */
  contractId: string;
}

const tablet = { width: 768, height: 1024 };
/** The resource types a page's weight counts: its HTML, scripts and style. */
export const counted = new Set(['document', 'script', 'stylesheet']);

/*
 * Runs in the page before its own scripts: notes performance.now() (ms since
 * navigation start) at the first DOM change after which the contract's header
 * and items are shown and the pad's canvas is sized for drawing (sign-page.js
 * sizes it when it starts the pad), which the page does in one task, and
 * reports it through a binding (the page's policy forbids the string
 * evaluation Playwright's waitForFunction polls with). A string, not a
 * function: the bench's TypeScript loader may wrap functions in helpers the
 * page does not have.
 */
const readyProbe = `(() => {
  const ready = () => {
    const pad = document.getElementById('pad');
    if (!pad || !document.getElementById('signing') || !document.querySelector('main header h1')) return false;
    if (!document.querySelector('main table')) return false;
    const { width } = pad.getBoundingClientRect();
    return width > 0 && pad.width === Math.round(width * Math.max(window.devicePixelRatio || 1, 1));
  };
  new MutationObserver((_, observer) => {
    if (!ready()) return;
    const at = performance.now();
    observer.disconnect();
    window.__signingReady(at);
  }).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

const timings = `(() => {
  const [navigation] = performance.getEntriesByType('navigation');
  const contract = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === '/api/signing');
  return {
    htmlReceived: navigation.responseEnd,
    domContentLoaded: navigation.domContentLoadedEventEnd,
    contractLoaded: contract ? contract.responseEnd : null,
  };
})()`;

interface Timings {
  htmlReceived: number;
  domContentLoaded: number;
  contractLoaded: number | null;
}

/** What the page loaded, by type: the page's own files and the data it fetched. */
export const recordFiles = (page: Page): Promise<PageFile>[] => {
  const files: Promise<PageFile>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (!counted.has(type) && type !== 'fetch') return;
    files.push(
      response.body().then((body) => ({
        path: new URL(response.url()).pathname,
        type,
        bytes: body.byteLength,
        gzipBytes: gzipSync(body, { level: 9 }).byteLength,
      })),
    );
  });
  return files;
};

/** One visit in a fresh browser context (empty cache): a tablet in portrait, with touch, in German. */
const visit = async (browser: Browser, url: string) => {
  const context = await browser.newContext({
    viewport: tablet,
    deviceScaleFactor: 2,
    hasTouch: true,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  try {
    const page = await context.newPage();
    const files = recordFiles(page);
    let reportReady: (at: number) => void = () => undefined;
    const ready = new Promise<number>((resolve) => {
      reportReady = resolve;
    });
    await page.exposeBinding('__signingReady', (_source, at: number) => reportReady(at));
    await page.addInitScript({ content: readyProbe });
    const timeout = new AbortController();
    await page.goto(url);
    const readyAt = await Promise.race([
      ready,
      sleep(60_000, undefined, { signal: timeout.signal }).catch(() => undefined),
    ]).finally(() => timeout.abort());
    if (readyAt === undefined) {
      const shown = await page.locator('main').innerText();
      throw new Error(`The signing page was not ready within a minute, it shows: ${shown.slice(0, 300)}`);
    }
    return { readyAt, timings: (await page.evaluate(timings)) as Timings, files: await Promise.all(files) };
  } finally {
    await context.close();
  }
};

/**
 * Issue 14's figures of `GET /api/sign` in Debian's chromium, served by the
 * local server: the weight of the HTML, scripts and style (gzip, level 9),
 * and the time to interactive of a visit from a signing link, run by run in a
 * fresh context after one discarded visit (which starts the browser's caches
 * and the handlers' imports).
 */
export const measureSigningPage = ({ runs, contractId }: SigningPageOptions): Promise<SigningPageResult> =>
  withLocalApi(async (api, token) => {
    const browser = await launchChromium();
    try {
      const signingLink = async () => {
        const response = await fetch(`${api.url}/api/contracts/${contractId}/signing-sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        });
        const body = (await response.json()) as { url?: string };
        if (response.status !== 201 || !body.url) {
          throw new Error(`Opening a signing session answered ${response.status}: ${JSON.stringify(body)}`);
        }
        return body.url;
      };
      const first = await visit(browser, await signingLink());
      const visits: Awaited<ReturnType<typeof visit>>[] = [];
      for (let run = 0; run < runs; run++) visits.push(await visit(browser, await signingLink()));
      const files = first.files.filter((file) => counted.has(file.type));
      const of = (value: (timings: Timings) => number | null) =>
        round(median(visits.map(({ timings }) => value(timings) ?? Number.NaN)), 1);
      return {
        viewport: `${tablet.width}×${tablet.height}, device pixel ratio 2, touch`,
        files,
        pageGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
        data: first.files.filter((file) => file.type === 'fetch'),
        timeToInteractive: latency(visits.map(({ readyAt }) => readyAt)),
        htmlReceivedMs: of((timings) => timings.htmlReceived),
        domContentLoadedMs: of((timings) => timings.domContentLoaded),
        contractLoadedMs: of((timings) => timings.contractLoaded),
      };
    } finally {
      await browser.close();
    }
  });
