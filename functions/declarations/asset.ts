import { declarationAssets, declarationAssetType } from '#shared/declarations/page.ts';
import { declarationTexts } from '#shared/declarations/texts.ts';
import { publicCaller } from '#shared/http/caller-kinds.ts';
import { compressedFile } from '#shared/http/compressed-file.ts';
import { Problem } from '#shared/http/problem.ts';
import { route } from '#shared/http/route.ts';
import { readRouteFile } from '#shared/route-files.ts';
import { signingPageHeaders } from '#shared/signing/page.ts';

const files = new Map([...declarationAssets].map(([name, file]) => [name, compressedFile(() => readRouteFile(file))]));

export const handler = route('declarations-asset', { caller: publicCaller }, async ({ event }) => {
  const name = event.pathParameters?.asset ?? '';
  const file = files.get(name);
  if (!file) throw new Problem('not-found', declarationTexts.localized('noSuchFile'));
  // Short cache: a new page version reaches customers within minutes; the files hold nothing personal.
  const reply = await file(event, { contentType: declarationAssetType(name), cacheControl: 'public, max-age=300' });
  return { ...reply, headers: { ...reply.headers, ...signingPageHeaders } };
});
