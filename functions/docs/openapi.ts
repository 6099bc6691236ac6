import { fileURLToPath } from 'node:url';
import { staticRoute } from '#shared/http/static-route.ts';
import { readRouteFile } from '#shared/route-files.ts';

// In AWS the document was built from the schemas at bundling time and lies beside the bundle (8 KB of
// function instead of 80 KB). Run from the repository (local server, tests, invoke), it is built from the
// schemas here; the computed path keeps esbuild from bundling the generator.

const loadDocument = async (): Promise<string> => {
  try {
    return (await readRouteFile('openapi.json')).toString('utf8');
  } catch {
    const generator = fileURLToPath(new URL('../../docs/openapi/document.ts', import.meta.url));
    const { buildOpenApiDocument } = (await import(generator)) as { buildOpenApiDocument: () => unknown };
    return JSON.stringify(buildOpenApiDocument());
  }
};

let document: Promise<string> | undefined;
// Gzipped (140 KB → 16 KB) on the first request that accepts it, since API Gateway does not compress;
// zlib is loaded only then, not at cold start.
let gzipped: Promise<Buffer> | undefined;
const gzippedDocument = (plain: string): Promise<Buffer> => {
  gzipped ??= import('node:zlib').then(({ gzipSync }) => gzipSync(plain));
  return gzipped;
};

export const handler = staticRoute('docs-openapi', async (event) => {
  document ??= loadDocument();
  const plain = await document;
  const gzip = /\bgzip\b/.test(event.headers['accept-encoding'] ?? '');
  return {
    status: 200,
    raw: { contentType: 'application/json; charset=utf-8', content: gzip ? await gzippedDocument(plain) : plain },
    headers: {
      'cache-control': 'public, max-age=300',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    },
  };
});
