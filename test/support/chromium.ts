import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

// Debian's chromium (`npm test` installs it through infra/local/ensure-test-tools.sh); the
// machine has no network, so nothing in the browser may try to reach one.
export const chromiumPath = '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Debian's chromium, headless, as the browser tests and the bench drive it. */
export const launchChromium = async (): Promise<Browser> => {
  if (!existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing: run infra/local/ensure-test-tools.sh`);
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
};
