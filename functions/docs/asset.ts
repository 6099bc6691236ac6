import { contentTypeOf, docsAssets } from '#shared/docs-page/page.ts';
import { publicCaller } from '#shared/http/caller-kinds.ts';
import { compressedFile } from '#shared/http/compressed-file.ts';
import { Problem } from '#shared/http/problem.ts';
import { route } from '#shared/http/route.ts';
import { readRouteFile } from '#shared/route-files.ts';

// Swagger UI's script is 1.7 MB: text files go out gzipped to clients that take it.
const files = new Map([...docsAssets].map(([name, file]) => [name, compressedFile(() => readRouteFile(file))]));

export const handler = route('docs-asset', { caller: publicCaller }, async ({ event }) => {
  const name = event.pathParameters?.asset ?? '';
  const file = files.get(name);
  if (!file) throw new Problem('not-found', 'http.noSuchDocsFile');
  const contentType = contentTypeOf(name);
  return file(event, {
    contentType,
    cacheControl: 'public, max-age=3600',
    compressible: contentType.startsWith('text/'),
  });
});
