import { publicCaller } from '#shared/http/caller-kinds.ts';
import { route } from '#shared/http/route.ts';
import { signingPage, signingPageHeaders } from '#shared/signing/page.ts';

export const handler = route('signing-page', { caller: publicCaller }, async () => ({
  status: 200,
  raw: { contentType: 'text/html; charset=utf-8', content: signingPage },
  headers: { ...signingPageHeaders, 'cache-control': 'no-store' },
}));
