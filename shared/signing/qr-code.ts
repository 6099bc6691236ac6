// The library's core and SVG renderer only: its main module also loads the PNG and terminal
// renderers (pngjs), 60 KB minified where these two take 23 KB.
import { create } from 'qrcode/lib/core/qrcode.js';
import { render } from 'qrcode/lib/renderer/svg-tag.js';

/**
 * A QR code of the URL as a standalone SVG document (its own `xmlns`, a white background, a
 * quiet zone of four modules), to be shown on a screen and scanned with a phone's camera.
 * Error correction M: the link is long (≈ 90 characters) and a screen shows it sharply.
 */
export const qrCodeSvg = (url: string): string =>
  render(create(url, { errorCorrectionLevel: 'M' }), { margin: 4 }).trimEnd();
