import { gzipSync } from 'node:zlib';
import { contentTypeOf, docsAssets } from '#shared/docs-page/page.ts';
import { Problem } from '#shared/http/problem.ts';
import { staticRoute } from '#shared/http/static-route.ts';
import { readRouteFile } from '#shared/route-files.ts';

// API Gateway does not compress, and Swagger UI's script is 1.7 MB: text files go out gzipped
// to clients that take it, compressed once per execution environment.
const cache = new Map<string, Promise<{ plain: Buffer; gzipped: Buffer | undefined }>>();

const load = (name: string, file: string) => {
  let loaded = cache.get(name);
  if (!loaded) {
    loaded = readRouteFile(file).then((plain) => ({
      plain,
      gzipped: contentTypeOf(name).startsWith('text/') ? gzipSync(plain) : undefined,
    }));
    cache.set(name, loaded);
  }
  return loaded;
};

export const handler = staticRoute('docs-asset', async (event) => {
  const name = event.pathParameters?.asset ?? '';
  const file = docsAssets.get(name);
  if (!file) throw new Problem('not-found', 'http.noSuchDocsFile');
  const { plain, gzipped } = await load(name, file);
  const gzip = gzipped !== undefined && /\bgzip\b/.test(event.headers['accept-encoding'] ?? '');
  return {
    status: 200,
    raw: { contentType: contentTypeOf(name), content: gzip ? gzipped : plain },
    headers: {
      'cache-control': 'public, max-age=3600',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    },
  };
});
