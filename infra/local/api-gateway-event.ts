import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export interface IncomingCall {
  method: string;
  /** Path and query exactly as the client sent them. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  sourceIp: string;
}

export interface MatchedRoute {
  routeKey: string;
  pathParameters: Record<string, string> | undefined;
}

// API Gateway passes these content types as text and base64-encodes the rest.
const textualContentType = /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|x-www-form-urlencoded))/i;

const joinValues = (value: string | string[]): string => (Array.isArray(value) ? value.join(',') : value);

const clfMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `22/Nov/2026:10:03:58 +0000`, the Common Log Format time API Gateway uses. */
const requestTime = (date: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${pad(date.getUTCDate())}/${clfMonths[date.getUTCMonth()]}/${date.getUTCFullYear()}`;
  return `${day}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
};

const queryParameters = (search: URLSearchParams): Record<string, string> | undefined => {
  const grouped = new Map<string, string[]>();
  for (const [name, value] of search) grouped.set(name, [...(grouped.get(name) ?? []), value]);
  return grouped.size ? Object.fromEntries([...grouped].map(([name, values]) => [name, values.join(',')])) : undefined;
};

/**
 * The event API Gateway HTTP APIs send a Lambda integration with payload
 * format 2.0: lower-cased headers with repeated values comma-joined, cookies
 * apart, query parameters comma-joined, base64 bodies for binary content, and
 * on routes with the JWT authorizer the token's claims (already rendered as
 * strings) under `requestContext.authorizer.jwt`.
 */
export const toApiGatewayEvent = (
  call: IncomingCall,
  route: MatchedRoute,
  now = new Date(),
  jwtClaims?: Record<string, string>,
): APIGatewayProxyEventV2 => {
  const url = new URL(call.url, 'http://localhost');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name.toLowerCase()] = joinValues(value);
  }
  const cookies = call.headers.cookie?.split(';').map((cookie) => cookie.trim());
  const hasBody = call.body.length > 0;
  const isText = textualContentType.test(headers['content-type'] ?? '');
  const domainName = headers.host ?? 'localhost';
  return {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies ? { cookies } : {}),
    headers,
    queryStringParameters: queryParameters(url.searchParams),
    pathParameters: route.pathParameters,
    requestContext: {
      accountId: 'offline',
      apiId: 'local',
      // Our tokens carry no `scope` claim, and the routes ask for no authorization scopes.
      ...(jwtClaims ? { authorizer: { jwt: { claims: jwtClaims, scopes: null } } } : {}),
      domainName,
      domainPrefix: domainName.split('.')[0] ?? domainName,
      http: {
        method: call.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: call.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomBytes(12).toString('base64url'),
      routeKey: route.routeKey,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(hasBody ? { body: isText ? call.body.toString('utf8') : call.body.toString('base64') } : {}),
    isBase64Encoded: hasBody && !isText,
  };
};
