import { gzipSync } from 'node:zlib';
import { Problem } from '#shared/http/problem.ts';
import { staticRoute } from '#shared/http/static-route.ts';
import { readRouteFile } from '#shared/route-files.ts';
import { signingAssets, signingAssetType } from '#shared/signing/page.ts';

// The pad library names its source map, which we do not serve: a browser's developer tools would ask for it.
const withoutSourceMap = (content: Buffer): Buffer =>
  Buffer.from(content.toString('utf8').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n'));

// API Gateway does not compress: the files go out gzipped to clients that take it, compressed once per environment.
const cache = new Map<string, Promise<{ plain: Buffer; gzipped: Buffer }>>();

const load = (name: string, file: string) => {
  let loaded = cache.get(name);
  if (!loaded) {
    loaded = readRouteFile(file)
      .then(withoutSourceMap)
      .then((plain) => ({ plain, gzipped: gzipSync(plain) }));
    cache.set(name, loaded);
  }
  return loaded;
};

export const handler = staticRoute('signing-asset', async (event) => {
  const name = event.pathParameters?.asset ?? '';
  const file = signingAssets.get(name);
  if (!file) throw new Problem('not-found', 'signing.noSuchFile');
  const { plain, gzipped } = await load(name, file);
  const gzip = /\bgzip\b/.test(event.headers['accept-encoding'] ?? '');
  return {
    status: 200,
    raw: { contentType: signingAssetType(name), content: gzip ? gzipped : plain },
    headers: {
      // Short: a new page version reaches tablets within minutes; the files hold nothing personal.
      'cache-control': 'public, max-age=300',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    },
  };
});
