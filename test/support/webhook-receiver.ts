import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** How the receiver answers one request: a status, optionally late or with extra headers. */
export type ReceiverAnswer =
  | number
  | { status: number; delayMs?: number; headers?: Record<string, string>; body?: string };

/** One request as the receiver saw it. */
export interface ReceivedDelivery {
  /** The `webhook-id` header: the event id, the same for every attempt of an event. */
  webhookId: string;
  /** True when the Standard Webhooks library accepted the signature and timestamp. */
  verified: boolean;
  /** The JSON body (parsed by the library when verified, by JSON.parse otherwise). */
  event: unknown;
  headers: IncomingMessage['headers'];
  /** Milliseconds (performance.now) when the request arrived. */
  receivedAt: number;
  /** What the receiver answered. */
  answeredStatus: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  /** Every request, in arrival order. */
  deliveries: ReceivedDelivery[];
  /** Answers for the next requests, in order; after them, 200. A request that fails verification gets 401. */
  answer(...answers: ReceiverAnswer[]): void;
  /** Waits until `count` requests have arrived (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  /** Stops listening, so deliveries find nobody (connection refused). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const listen = (server: Server, host: string, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

/**
 * A webhook endpoint on the loopback interface that checks every delivery with
 * the `standardwebhooks` package, the specification's own library: our code
 * never verifies its own signatures in tests.
 */
export const startWebhookReceiver = async (
  secret: string,
  { host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {},
): Promise<WebhookReceiver> => {
  const verifier = new Webhook(secret);
  const deliveries: ReceivedDelivery[] = [];
  const answers: ReceiverAnswer[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();

  const server = createServer(async (request, response) => {
    const receivedAt = performance.now();
    const payload = await readBody(request);
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(',') : (value ?? ''),
      ]),
    );
    let verified = true;
    let event: unknown;
    try {
      event = verifier.verify(payload, headers);
    } catch {
      verified = false;
      try {
        event = JSON.parse(payload);
      } catch {
        event = payload;
      }
    }
    const planned = verified ? (answers.shift() ?? 200) : 401;
    const {
      status,
      delayMs = 0,
      headers: extraHeaders = {},
      body = `answered ${status}`,
    } = typeof planned === 'number' ? { status: planned } : planned;
    deliveries.push({
      webhookId: headers['webhook-id'] ?? '',
      verified,
      event,
      headers: request.headers,
      receivedAt,
      answeredStatus: status,
    });
    for (const wake of waiters) wake();
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (response.destroyed) return;
    response.writeHead(status, { 'content-type': 'text/plain', ...extraHeaders });
    response.end(body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await listen(server, host, port);
  const boundPort = (server.address() as AddressInfo).port;

  const down = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  return {
    url: `http://${host}:${boundPort}/hooks`,
    port: boundPort,
    deliveries,
    answer: (...next) => answers.push(...next),
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (deliveries.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(deliveries.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Expected ${count} deliveries within ${timeoutMs} ms, got ${deliveries.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    down,
    up: () => listen(server, host, boundPort),
    close: down,
  };
};
