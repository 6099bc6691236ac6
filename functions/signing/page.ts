import { staticRoute } from '#shared/http/static-route.ts';
import { signingPage, signingPageHeaders } from '#shared/signing/page.ts';

export const handler = staticRoute('signing-page', async () => ({
  status: 200,
  raw: { contentType: 'text/html; charset=utf-8', content: signingPage },
  headers: { ...signingPageHeaders, 'cache-control': 'no-store' },
}));
