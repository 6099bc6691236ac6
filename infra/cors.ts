import { readFile } from 'node:fs/promises';

/**
 * The HTTP API's CORS configuration, in one place: the CDK stack deploys it
 * (infra/http-api.ts) and the local server answers with it (infra/local/cors.ts),
 * both from the same `corsOrigins` context value.
 */

export const corsOriginsContextKey = 'corsOrigins';

export const corsAllowedMethods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
// The request headers our API reads and the response headers a browser app needs to see (docs/operations.md, `corsOrigins`).
export const corsAllowedHeaders = ['Authorization', 'Content-Type', 'If-Match', 'Idempotency-Key'] as const;
export const corsExposedHeaders = ['ETag', 'Location', 'X-Request-Id', 'Idempotent-Replayed', 'Retry-After'] as const;
/** How long a browser may reuse a preflight answer. */
export const corsMaxAgeSeconds = 3600;

/**
 * The origins of a `corsOrigins` value (comma-separated), or `undefined` when
 * it is unset: then there is no CORS configuration at all, and browsers on
 * other origins cannot call the API. Tokens travel in the Authorization
 * header, never in cookies, so credentials stay off.
 */
export const parseCorsOrigins = (value: unknown): string[] | undefined => {
  if (value === undefined) return undefined;
  const origins = String(value)
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (!origins.length) throw new Error(`${corsOriginsContextKey} is set but names no origin`);
  for (const origin of origins) {
    // A browser sends `https://host[:port]` exactly: a path, a trailing slash or `*` would never match it or match too much.
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new Error(`${corsOriginsContextKey}: "${origin}" is not an origin like https://studio.example.com`);
    }
  }
  return origins;
};

/**
 * The `corsOrigins` value a local server uses: `CORS_ORIGINS` from the
 * environment, else the context value in cdk.json, which `cdk deploy` would use.
 */
export const localCorsOrigins = async (): Promise<string | undefined> => {
  if (process.env.CORS_ORIGINS !== undefined) return process.env.CORS_ORIGINS;
  const cdkJson = JSON.parse(await readFile(new URL('../cdk.json', import.meta.url), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  const value = cdkJson.context?.[corsOriginsContextKey];
  return value === undefined ? undefined : String(value);
};
