import { terminationPage } from '#shared/declarations/page.ts';
import { publicCaller } from '#shared/http/caller-kinds.ts';
import { route } from '#shared/http/route.ts';
import { signingPageHeaders } from '#shared/signing/page.ts';

export const handler = route('declarations-termination-page', { caller: publicCaller }, async () => ({
  status: 200,
  raw: { contentType: 'text/html; charset=utf-8', content: terminationPage },
  headers: { ...signingPageHeaders, 'cache-control': 'no-store' },
}));
