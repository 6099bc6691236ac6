import { Problem } from '#shared/http/problem.ts';
import { defaultRoute } from '#shared/http/route.ts';
import { localized } from '#shared/messages/index.ts';

/** API Gateway's `$default` route: its own 404 is not problem+json, ours is. */
export const handler = defaultRoute(async (event) => {
  throw new Problem('route-not-found', localized('http.noSuchRoute', event.requestContext.http.method, event.rawPath));
});
