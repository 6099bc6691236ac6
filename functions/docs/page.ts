import { docsPage, docsPagePolicy } from '#shared/docs-page/page.ts';
import { staticRoute } from '#shared/http/static-route.ts';

export const handler = staticRoute('docs-page', async () => ({
  status: 200,
  raw: { contentType: 'text/html; charset=utf-8', content: docsPage },
  headers: { 'content-security-policy': docsPagePolicy, 'cache-control': 'no-cache' },
}));
