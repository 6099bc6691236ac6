import type { Browser } from 'playwright-core';
import { routes } from '#shared/routes.ts';
import { launchChromium } from '../support/chromium.ts';
import type { FunctionName } from './bundles.ts';
import { withLocalApi } from './local-api.ts';
import { counted, type PageFile, recordFiles } from './signing-page.ts';
import { type Latency, latency } from './stats.ts';

export interface DeclarationPageResult {
  /** `/api/kuendigen` or `/api/widerrufen`. */
  path: string;
  viewport: string;
  /** HTML, script and style. */
  files: PageFile[];
  pageGzipBytes: number;
  /** ms from navigation start to DOMContentLoaded: the deferred script has attached the form's handlers by then. */
  timeToInteractive: Latency;
}

/** The functions `npm run bench -- --only declarations` measures: the declarations area's routes. */
export const declarationFunctions: readonly FunctionName[] = routes
  .filter((route) => route.area === 'declarations')
  .map((route) => route.name as FunctionName);

export const declarationPagePaths = ['/api/kuendigen', '/api/widerrufen'] as const;

const phone = { width: 390, height: 844 };

/** One visit in a fresh browser context (empty cache): a phone, with touch, in German. */
const visit = async (browser: Browser, url: string) => {
  const context = await browser.newContext({
    viewport: phone,
    deviceScaleFactor: 3,
    hasTouch: true,
    isMobile: true,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  try {
    const page = await context.newPage();
    const files = recordFiles(page);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.locator('#submit').waitFor({ state: 'visible' });
    const interactiveAt = (await page.evaluate(
      `performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd`,
    )) as number;
    return { interactiveAt, files: await Promise.all(files) };
  } finally {
    await context.close();
  }
};

/**
 * The customer's buttons (issue 23) in Debian's chromium on a phone, served by the local server: each page's
 * weight (HTML + JS + CSS, gzip level 9) and its time to interactive, visit by visit in a fresh context after
 * one discarded visit (which starts the browser's caches and the handlers' imports).
 */
export const measureDeclarationPages = ({ runs }: { runs: number }): Promise<DeclarationPageResult[]> =>
  withLocalApi(async (api) => {
    const browser = await launchChromium();
    try {
      const results: DeclarationPageResult[] = [];
      for (const path of declarationPagePaths) {
        const first = await visit(browser, `${api.url}${path}`);
        const visits: Awaited<ReturnType<typeof visit>>[] = [];
        for (let run = 0; run < runs; run++) visits.push(await visit(browser, `${api.url}${path}`));
        const files = first.files.filter((file) => counted.has(file.type));
        results.push({
          path,
          viewport: `${phone.width}×${phone.height}, device pixel ratio 3, touch`,
          files,
          pageGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
          timeToInteractive: latency(visits.map(({ interactiveAt }) => interactiveAt)),
        });
      }
      return results;
    } finally {
      await browser.close();
    }
  });
