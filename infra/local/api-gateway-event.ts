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
  /** The gateway's id of the request (`apigw-requestid`); a new one when not given. */
  requestId?: string;
}

/** Where the API is deployed: what a real event carries as `accountId` and `apiId`. */
export interface Deployment {
  accountId: string;
  apiId: string;
}

const localDeployment: Deployment = { accountId: 'offline', apiId: 'local' };

export interface MatchedRoute {
  routeKey: string;
  pathParameters: Record<string, string> | undefined;
}

// HTTP APIs pass a body as text only for these media types (whatever their parameters) and base64-encode
// every other one, a missing Content-Type and form data included: observed on AWS, the docs name no list.
const textualMediaType = /^(?:text\/[^;\s]+|application\/(?:json|xml|javascript))[ \t]*(?:;|$)/i;

const utf8 = new TextDecoder('utf-8', { fatal: true });
// Bytes that are not UTF-8 cannot be put into the event as a string; they arrive base64-encoded.
const asUtf8Text = (bytes: Buffer): string | undefined => {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
};

/** A new request id, like API Gateway's (`Tq3Xhg01FiAEMhQ=`) but URL-safe: it is also the `X-Request-Id`. */
export const newRequestId = (): string => randomBytes(12).toString('base64url');

/**
 * The path as HTTP APIs deliver it in `rawPath` and `requestContext.http.path`:
 * percent-decoded (`/api/contacts/%41` arrives as `/api/contacts/A`, `%2F` as a
 * `/`), unlike REST APIs and function URLs. Routes match on it too, so an
 * encoded slash never stays inside one path parameter. A malformed escape
 * (`%zz`, bytes that are not UTF-8) is left as sent.
 */
export const decodedPath = (url: string): string => {
  const { pathname } = new URL(url, 'http://localhost');
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
};

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
 * apart, a decoded path, query parameters comma-joined, base64 bodies for
 * binary content or bytes that are not UTF-8, and on routes with the JWT
 * authorizer the token's claims (already rendered as strings) under
 * `requestContext.authorizer.jwt`. The local server and the sample events in
 * sample-events/ are both made here.
 */
export const toApiGatewayEvent = (
  call: IncomingCall,
  route: MatchedRoute,
  now = new Date(),
  jwtClaims?: Record<string, string>,
  deployment: Deployment = localDeployment,
): APIGatewayProxyEventV2 => {
  const url = new URL(call.url, 'http://localhost');
  const path = decodedPath(call.url);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name.toLowerCase()] = joinValues(value);
  }
  const cookies = call.headers.cookie?.split(';').map((cookie) => cookie.trim());
  const hasBody = call.body.length > 0;
  const text = textualMediaType.test(headers['content-type'] ?? '') ? asUtf8Text(call.body) : undefined;
  const domainName = headers.host ?? 'localhost';
  return {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath: path,
    rawQueryString: url.search.slice(1),
    ...(cookies ? { cookies } : {}),
    headers,
    queryStringParameters: queryParameters(url.searchParams),
    pathParameters: route.pathParameters,
    requestContext: {
      accountId: deployment.accountId,
      apiId: deployment.apiId,
      // Our tokens carry no `scope` claim, and the routes ask for no authorization scopes.
      ...(jwtClaims ? { authorizer: { jwt: { claims: jwtClaims, scopes: null } } } : {}),
      domainName,
      domainPrefix: domainName.split('.')[0] ?? domainName,
      http: {
        method: call.method,
        path,
        protocol: 'HTTP/1.1',
        sourceIp: call.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: call.requestId ?? newRequestId(),
      routeKey: route.routeKey,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(hasBody ? { body: text ?? call.body.toString('base64') } : {}),
    isBase64Encoded: hasBody && text === undefined,
  };
};
