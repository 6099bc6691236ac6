import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { decodedPath, newRequestId, toApiGatewayEvent } from './api-gateway-event.ts';
import { createLocalCors, type LocalCors } from './cors.ts';
import { lambdaContext, loadHandler } from './handler-loader.ts';
import { InvocationSlots } from './invocation-slots.ts';
import { createJwtAuthorizer, type JwtAuthorizer } from './jwt-authorizer.ts';
import { matchRoute } from './router.ts';
import { loadSigningKey } from './signing-key.ts';

// API Gateway HTTP APIs refuse payloads over 10 MB before any function runs.
const gatewayPayloadLimit = 10 * 1024 * 1024;

/** What a line of invocations has seen so far. */
export interface InvocationLine {
  readonly queued: number;
}

export interface LocalApi {
  url: string;
  server: Server;
  /** The line of the routes that take a token, and the public routes' own. */
  lines: { staff: InvocationLine; public: InvocationLine };
  close(): Promise<void>;
}

export interface LocalApiOptions {
  port?: number;
  host?: string;
  /** The JWT authorizer of every non-public route: its key pair lives in `keyDirectory` (made on first start). */
  authorizer: { keyDirectory: string };
  /**
   * The `corsOrigins` context value the stack is deployed with (comma-separated
   * origins, see infra/cors.ts and `localCorsOrigins`); unset means no CORS.
   */
  corsOrigins?: string;
  /** How many function invocations run at once (`LOCAL_CONCURRENCY`, default 8); the rest wait in line. */
  concurrency?: number;
}

const defaultConcurrency = 8;

class PayloadTooLarge extends Error {}

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > gatewayPayloadLimit) {
        reject(new PayloadTooLarge());
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

/** One request's response, and the headers API Gateway puts on it: its request id, and CORS for an allowed origin. */
interface Gateway {
  response: ServerResponse;
  requestId: string;
  headers: OutgoingHttpHeaders;
}

/** The gateway's own answers are plain JSON `{"message": …}`, not problem+json. */
const gatewayAnswer = (gateway: Gateway, status: number, message: string, headers: OutgoingHttpHeaders = {}) => {
  gateway.response.writeHead(status, { 'content-type': 'application/json', ...headers, ...gateway.headers });
  gateway.response.end(JSON.stringify({ message }));
};

// With CORS configured, API Gateway ignores the CORS headers a function returns and sets its own.
const isCorsHeader = (name: string) => name.toLowerCase().startsWith('access-control-');

const writeResult = (gateway: Gateway, result: APIGatewayProxyStructuredResultV2, cors: LocalCors | undefined) => {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (!(cors && isCorsHeader(name))) headers[name] = String(value);
  }
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  gateway.response.writeHead(result.statusCode ?? 200, { ...headers, ...gateway.headers });
  gateway.response.end(
    result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'),
  );
};

interface Host {
  authorizer: JwtAuthorizer;
  cors: LocalCors | undefined;
  /** The line of the routes that take a token. */
  slots: InvocationSlots;
  /** The public routes' own line, so that anonymous traffic never waits in front of staff's requests. */
  publicSlots: InvocationSlots;
}

const serve = async (request: IncomingMessage, gateway: Gateway, host: Host) => {
  const method = request.method ?? 'GET';
  const url = request.url ?? '/';
  const origin = request.headers.origin;
  if (host.cors?.isPreflight(method, request.headers)) {
    request.resume();
    gateway.response.writeHead(204, { ...gateway.headers, ...host.cors.preflightHeaders(origin) });
    gateway.response.end();
    return;
  }
  Object.assign(gateway.headers, host.cors?.responseHeaders(origin));
  const route = matchRoute(method, decodedPath(url));
  let body: Buffer;
  try {
    body = await readBody(request);
  } catch (error) {
    if (error instanceof PayloadTooLarge) return gatewayAnswer(gateway, 413, 'Request Entity Too Large');
    throw error;
  }
  let claims: Record<string, string> | undefined;
  if (route.roles !== 'public') {
    const decision = await host.authorizer.authorize(request.headers.authorization);
    if (!decision.authorized) {
      const challenge = decision.challenge ? { 'www-authenticate': decision.challenge } : {};
      return gatewayAnswer(gateway, 401, 'Unauthorized', challenge);
    }
    claims = decision.claims;
  }
  const event = toApiGatewayEvent(
    {
      method,
      url,
      headers: request.headers,
      body,
      sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
      requestId: gateway.requestId,
    },
    route,
    new Date(),
    claims,
  );
  try {
    const handler = await loadHandler(route.entry);
    // The function's clock (its timeout) starts when it is invoked, not while it waits for a slot.
    const slots = route.roles === 'public' ? host.publicSlots : host.slots;
    const result = await slots.run(() => handler(event, lambdaContext(route.name, gateway.requestId)));
    writeResult(gateway, result, host.cors);
  } catch (error) {
    // What API Gateway answers when the function itself fails.
    console.error(`${route.name} failed`, error);
    gatewayAnswer(gateway, 500, 'Internal Server Error');
  }
};

/**
 * Serves the API the way API Gateway would: with CORS configured, preflights
 * are answered by the gateway; each request to a non-public route passes the
 * JWT authorizer first (401 with the gateway's own body otherwise), then
 * becomes a payload format 2.0 event for the route's handler module, from the
 * shared route table. Every response carries the `apigw-requestid` that the
 * event carries as `requestContext.requestId`.
 */
export const startLocalApi = async (options: LocalApiOptions): Promise<LocalApi> => {
  const concurrency = options.concurrency ?? (Number(process.env.LOCAL_CONCURRENCY) || defaultConcurrency);
  const host: Host = {
    authorizer: createJwtAuthorizer(await loadSigningKey(options.authorizer.keyDirectory)),
    cors: createLocalCors(options.corsOrigins),
    slots: new InvocationSlots(concurrency),
    // In AWS the public routes' own throttles (infra/route-throttles.ts) keep a flood of anonymous requests
    // from eating into what staff may use; locally a line of their own, a quarter the size, does that.
    publicSlots: new InvocationSlots(Math.ceil(concurrency / 4)),
  };
  const server = createServer((request, response) => {
    const requestId = newRequestId();
    const gateway: Gateway = { response, requestId, headers: { 'apigw-requestid': requestId } };
    serve(request, gateway, host).catch((error) => {
      console.error(error);
      if (!response.headersSent) gatewayAnswer(gateway, 500, 'Internal Server Error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    // A port in use answers here, not as an uncaught 'error' that would end the process and orphan its children.
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  // As the stack gives its functions the API's endpoint (infra/public-origin.ts): the link and the „Vertrag
  // widerrufen“ page the Belehrung names, on the signing page and in the signed original alike.
  process.env.PUBLIC_ORIGIN ??= `http://${address}:${port}`;
  return {
    url: `http://${address}:${port}`,
    server,
    lines: { staff: host.slots, public: host.publicSlots },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
};
