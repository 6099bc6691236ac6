import { extname } from 'node:path';
import { docsPageFiles } from '#shared/docs/area.ts';

/**
 * The documentation page: Swagger UI, self-hosted (the files come from the
 * `docs-asset` route), under a policy that allows nothing from another origin,
 * no inline script and no inline style. Swagger UI renders through React,
 * which sets styles through the CSSOM, and the policy does not govern that.
 */
export const docsPagePolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The files of the page by the name they are served under (`/api/docs/<name>`). */
export const docsAssets: ReadonlyMap<string, string> = new Map(
  docsPageFiles.map((file) => [file.slice(file.lastIndexOf('/') + 1), file] as const),
);

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
};

export const contentTypeOf = (name: string): string => contentTypes[extname(name)] ?? 'application/octet-stream';

// Relative URLs: the page is `/api/docs`, so `docs/…` and `openapi.json` resolve below `/api/`.
export const docsPage = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Studio API – documentation</title>
    <link rel="stylesheet" href="docs/swagger-ui.css">
    <link rel="icon" type="image/png" href="docs/favicon-32x32.png">
  </head>
  <body>
    <noscript>This page needs JavaScript. The OpenAPI document itself is <a href="openapi.json">/api/openapi.json</a>.</noscript>
    <div id="swagger-ui"></div>
    <script src="docs/swagger-ui-bundle.js"></script>
    <script src="docs/swagger-start.js"></script>
  </body>
</html>
`;
