import { staticRoute } from '#shared/http/static-route.ts';
import { readRouteFile } from '#shared/route-files.ts';
import { openApiDocumentFile } from '#shared/routes.ts';

// The document is generated from the schemas by `docs/openapi/` before the function runs: in AWS at
// bundling time (it lies beside the bundle), locally by the host before the first request. The function
// only reads it, so it carries neither the schemas' prose nor the JSON Schema converter.

let document: Promise<string> | undefined;
// Gzipped (140 KB → 16 KB) on the first request that accepts it, since API Gateway does not compress;
// zlib is loaded only then, not at cold start.
let gzipped: Promise<Buffer> | undefined;
const gzippedDocument = (plain: string): Promise<Buffer> => {
  gzipped ??= import('node:zlib').then(({ gzipSync }) => gzipSync(plain));
  return gzipped;
};

export const handler = staticRoute('docs-openapi', async (event) => {
  document ??= readRouteFile(openApiDocumentFile.path).then((content) => content.toString('utf8'));
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
