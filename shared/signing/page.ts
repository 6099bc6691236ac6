import { extname } from 'node:path';
import { signingPageFiles } from './area.ts';

/**
 * The signing page's policy (docs/walkthrough.md, "Signing at the counter"): its own scripts and styles only, no inline script or
 * style, nothing from another origin, never framed (no clickjacking of a signature), no forms
 * sent anywhere; `data:` images for the pad's own drawing.
 */
export const signingPagePolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Headers of the page and its files: the token lives in the fragment, which no referrer may carry away. */
export const signingPageHeaders = {
  'content-security-policy': signingPagePolicy,
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

/** The page's files by the name they are served under (`/api/sign/<name>`). */
export const signingAssets: ReadonlyMap<string, string> = new Map(
  signingPageFiles.map((file) => [file.slice(file.lastIndexOf('/') + 1), file] as const),
);

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export const signingAssetType = (name: string): string => contentTypes[extname(name)] ?? 'application/octet-stream';

// Relative URLs: the page is `/api/sign`, so `sign/…` and `signing` resolve below `/api/`.
// The script fills the page; without the token in the fragment it says so instead.
export const signingPage = `<!DOCTYPE html>
<html lang="de">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <title>Vertrag unterschreiben</title>
    <!-- No icon: otherwise the browser asks for /favicon.ico, which the API does not have. -->
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="sign/sign-page.css">
    <script src="sign/signature_pad.umd.min.js" defer></script>
    <script src="sign/sign-page.js" defer></script>
  </head>
  <body>
    <main id="main" tabindex="-1">
      <p id="status" class="status" role="status">Der Vertrag wird geladen …</p>
      <noscript><p class="status">Zum Unterschreiben wird JavaScript benötigt.</p></noscript>
    </main>
  </body>
</html>
`;
