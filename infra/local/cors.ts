import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import {
  corsAllowedHeaders,
  corsAllowedMethods,
  corsExposedHeaders,
  corsMaxAgeSeconds,
  parseCorsOrigins,
} from '../cors.ts';

export interface LocalCors {
  /** An `OPTIONS` request with `Origin` and `Access-Control-Request-Method`: the gateway answers it, no route runs. */
  isPreflight(method: string, headers: IncomingHttpHeaders): boolean;
  /** The headers of the gateway's 204 answer to a preflight: none for an origin that is not allowed. */
  preflightHeaders(origin: string | undefined): OutgoingHttpHeaders;
  /** The headers the gateway adds to every other response for an allowed origin. */
  responseHeaders(origin: string | undefined): OutgoingHttpHeaders;
}

const joined = (names: readonly string[]) => names.map((name) => name.toLowerCase()).join(',');

/**
 * What an HTTP API with a CORS configuration does before and after the
 * function, from the same settings the stack deploys: it answers preflights
 * itself (without the authorizer), adds `access-control-allow-origin` (with
 * `vary: origin`, as the answer differs by origin) and the exposed headers to
 * the responses for an allowed origin, and nothing for any other origin.
 * Without `corsOrigins` there is no CORS at all (`undefined`).
 */
export const createLocalCors = (corsOrigins: string | undefined): LocalCors | undefined => {
  const origins = parseCorsOrigins(corsOrigins);
  if (!origins) return undefined;
  const allowed = new Set(origins);
  const isAllowed = (origin: string | undefined): origin is string => origin !== undefined && allowed.has(origin);
  return {
    isPreflight: (method, headers) =>
      method === 'OPTIONS' && headers.origin !== undefined && headers['access-control-request-method'] !== undefined,
    preflightHeaders: (origin) =>
      isAllowed(origin)
        ? {
            'access-control-allow-origin': origin,
            'access-control-allow-methods': corsAllowedMethods.join(','),
            'access-control-allow-headers': joined(corsAllowedHeaders),
            'access-control-max-age': String(corsMaxAgeSeconds),
            vary: 'origin',
          }
        : {},
    responseHeaders: (origin) =>
      isAllowed(origin)
        ? {
            'access-control-allow-origin': origin,
            'access-control-expose-headers': joined(corsExposedHeaders),
            vary: 'origin',
          }
        : {},
  };
};
