import { publicCaller } from '#shared/http/caller-kinds.ts';
import { compressedFile } from '#shared/http/compressed-file.ts';
import { Problem } from '#shared/http/problem.ts';
import { route } from '#shared/http/route.ts';
import { readRouteFile } from '#shared/route-files.ts';
import { signingAssets, signingAssetType } from '#shared/signing/page.ts';
import { signingTexts } from '#shared/signing/texts.ts';

// The pad library names its source map, which we do not serve: a browser's developer tools would ask for it.
const withoutSourceMap = (content: Buffer): Buffer =>
  Buffer.from(content.toString('utf8').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n'));

const files = new Map(
  [...signingAssets].map(([name, file]) => [name, compressedFile(() => readRouteFile(file).then(withoutSourceMap))]),
);

export const handler = route('signing-asset', { caller: publicCaller }, async ({ event }) => {
  const name = event.pathParameters?.asset ?? '';
  const file = files.get(name);
  if (!file) throw new Problem('not-found', signingTexts.localized('noSuchFile'));
  // Short cache: a new page version reaches tablets within minutes; the files hold nothing personal.
  return file(event, { contentType: signingAssetType(name), cacheControl: 'public, max-age=300' });
});
