// The library's core and SVG renderer only: its main module also loads the PNG and terminal
// renderers (pngjs), 60 KB minified where these two take 23 KB.
import { create } from 'qrcode/lib/core/qrcode.js';
import { render } from 'qrcode/lib/renderer/svg-tag.js';

/*
 * Each counter session's answer carries a new code. Left to itself the library searches the
 * cheapest mix of encodings (a shortest path over the text) and scores all eight mask patterns:
 * 0.5 ms of the request. The link is lowercase letters, digits and punctuation, which byte mode
 * holds in the same version, and a decoder reads any mask: one segment and one mask take
 * 0.06 ms. test/signing/qr-code.test.ts reads links so drawn back from Chromium's pixels.
 */
const options = { errorCorrectionLevel: 'M', maskPattern: 2 } as const;

/**
 * A QR code of the URL as a standalone SVG document (its own `xmlns`, a white background, a
 * quiet zone of four modules), to be shown on a screen and scanned with a phone's camera.
 * Error correction M: the link is long (≈ 90 characters) and a screen shows it sharply.
 */
export const qrCodeSvg = (url: string): string => {
  const code = create([{ data: new TextEncoder().encode(url), mode: 'byte' }], options);
  return render(code, { margin: 4 }).trimEnd();
};
