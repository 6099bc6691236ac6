import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { toApiGatewayEvent } from './api-gateway-event.ts';
import { lambdaContext, loadHandler } from './handler-loader.ts';
import { createJwtAuthorizer, type JwtAuthorizer } from './jwt-authorizer.ts';
import { matchRoute } from './router.ts';
import { loadSigningKey } from './signing-key.ts';

// API Gateway HTTP APIs refuse payloads over 10 MB before any function runs.
const gatewayPayloadLimit = 10 * 1024 * 1024;

export interface LocalApi {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export interface LocalApiOptions {
  port?: number;
  host?: string;
  /** The JWT authorizer of every non-public route: its key pair lives in `keyDirectory` (made on first start). */
  authorizer: { keyDirectory: string };
}

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

/** The gateway's own answers are plain JSON `{"message": …}`, not problem+json. */
const gatewayAnswer = (
  response: ServerResponse,
  status: number,
  message: string,
  headers: OutgoingHttpHeaders = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ message }));
};

const writeResult = (response: ServerResponse, result: APIGatewayProxyStructuredResultV2) => {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  response.writeHead(result.statusCode ?? 200, headers);
  response.end(
    result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'),
  );
};

const serve = async (request: IncomingMessage, response: ServerResponse, authorizer: JwtAuthorizer) => {
  const method = request.method ?? 'GET';
  const url = request.url ?? '/';
  const route = matchRoute(method, new URL(url, 'http://localhost').pathname);
  let body: Buffer;
  try {
    body = await readBody(request);
  } catch (error) {
    if (error instanceof PayloadTooLarge) return gatewayAnswer(response, 413, 'Request Entity Too Large');
    throw error;
  }
  let claims: Record<string, string> | undefined;
  if (route.roles !== 'public') {
    const decision = await authorizer.authorize(request.headers.authorization);
    if (!decision.authorized) {
      const challenge = decision.challenge ? { 'www-authenticate': decision.challenge } : {};
      return gatewayAnswer(response, 401, 'Unauthorized', challenge);
    }
    claims = decision.claims;
  }
  const event = toApiGatewayEvent(
    { method, url, headers: request.headers, body, sourceIp: request.socket.remoteAddress ?? '127.0.0.1' },
    route,
    new Date(),
    claims,
  );
  try {
    const handler = await loadHandler(route.entry);
    writeResult(response, await handler(event, lambdaContext(route.name, event.requestContext.requestId)));
  } catch (error) {
    // What API Gateway answers when the function itself fails.
    console.error(`${route.name} failed`, error);
    gatewayAnswer(response, 500, 'Internal Server Error');
  }
};

/**
 * Serves the API the way API Gateway would: each request to a non-public
 * route passes the JWT authorizer first (401 with the gateway's own body
 * otherwise), then becomes a payload format 2.0 event for the route's handler
 * module, from the shared route table.
 */
export const startLocalApi = async (options: LocalApiOptions): Promise<LocalApi> => {
  const authorizer = createJwtAuthorizer(await loadSigningKey(options.authorizer.keyDirectory));
  const server = createServer((request, response) => {
    serve(request, response, authorizer).catch((error) => {
      console.error(error);
      if (!response.headersSent) gatewayAnswer(response, 500, 'Internal Server Error');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
};
