import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { create } from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodeSvg } from '#shared/signing/qr-code.ts';
import { launchChromium } from '../support/chromium.ts';

// The signing link's QR code is drawn with one byte segment and one fixed mask (shared/signing/qr-code.ts), not the
// library's search of encodings and masks: so it must still read as a camera sees it, for links as studios have them.
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
  // jsQR, a decoder as a scanning app has one, reads the pixels where Chromium drew them.
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('jsqr') });
});

afterAll(async () => {
  await browser?.close();
});

const origins = [
  'http://localhost:3000',
  'https://abc123.execute-api.eu-central-1.amazonaws.com',
  'https://mein-studio.de',
];
const links = origins.flatMap((origin) =>
  Array.from({ length: 8 }, () => `${origin}/api/sign#${randomBytes(32).toString('base64url')}`),
);

const modulesOf = (svg: string) => Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);

/** What a decoder reads from the SVG drawn by Chromium at `pixelsPerModule`: the pixels a camera's frame holds. */
const readBack = (svg: string, pixelsPerModule: number) =>
  page.evaluate(`(async () => {
    const size = ${modulesOf(svg) * pixelsPerModule};
    const image = new Image();
    image.src = 'data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}';
    await image.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: size, height: size });
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0, size, size);
    return jsQR(context.getImageData(0, 0, size, size).data, size, size)?.data ?? null;
  })()`);

describe('the signing link’s QR code', () => {
  it('reads back as the link, drawn small and large, for links of every origin', async () => {
    for (const link of links) {
      const svg = qrCodeSvg(link);
      for (const pixelsPerModule of [2, 5]) {
        expect(await readBack(svg, pixelsPerModule), `${link} at ${pixelsPerModule} px per module`).toBe(link);
      }
    }
  });

  it('is no larger than the library’s own choice of encodings and mask would draw it', () => {
    for (const link of links) {
      const own = create(link, { errorCorrectionLevel: 'M' });
      expect(modulesOf(qrCodeSvg(link))).toBe(own.modules.size + 8);
    }
  });
});
