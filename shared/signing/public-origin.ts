import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** `PUBLIC_ORIGIN` without trailing slashes, when the stack sets one (a loop: `/\/+$/` backtracks on many slashes). */
export const configuredPublicOrigin = (): string | undefined => {
  let origin = process.env.PUBLIC_ORIGIN;
  if (!origin) return undefined;
  while (origin.endsWith('/')) origin = origin.slice(0, -1);
  return origin;
};

/**
 * The „Vertrag widerrufen“ page (§ 356a BGB) the Belehrung names, on the signing page and in the signed original
 * alike: from the configured origin only, since a document rendered in the background has no request to ask.
 * The deployed stack sets it to the API's endpoint (infra/public-origin.ts), the local server to its own URL.
 */
export const withdrawalPageUrl = (): string | undefined => {
  const origin = configuredPublicOrigin();
  return origin ? `${origin}/api/widerrufen` : undefined;
};

/**
 * The origin the signing link points at: `PUBLIC_ORIGIN` when the stack sets one (a custom
 * domain in front of the API), else the origin the request itself came to. API Gateway passes
 * the host the client used and `X-Forwarded-Proto`; the local server passes the host only.
 */
export const publicOrigin = (event: APIGatewayProxyEventV2): string => {
  const configured = configuredPublicOrigin();
  if (configured) return configured;
  const host = event.headers.host ?? event.requestContext.domainName;
  const protocol = event.headers['x-forwarded-proto']?.split(',')[0]?.trim() || 'http';
  return `${protocol}://${host}`;
};
