import { docsPage, docsPagePolicy } from '#shared/docs-page/page.ts';
import { publicCaller } from '#shared/http/caller-kinds.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('docs-page', { caller: publicCaller }, async () => ({
  status: 200,
  raw: { contentType: 'text/html; charset=utf-8', content: docsPage },
  headers: { 'content-security-policy': docsPagePolicy, 'cache-control': 'no-cache' },
}));
