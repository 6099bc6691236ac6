import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  type CheckedDestination,
  checkWebhookDestination,
  type DestinationMode,
  type HostResolver,
  pinnedLookup,
  WebhookDestinationRefused,
} from './destination.ts';
import type { WebhookEvent } from './event.ts';
import { signWebhook } from './signature.ts';

/** What one attempt came to: the receiver's status and timing, never a body. */
export interface DeliveryResult {
  /** `delivered` on 2xx; `gone` on 410 (disable the endpoint); `retry` on anything else or no answer. */
  outcome: 'delivered' | 'retry' | 'gone';
  /** The HTTP status, null without an answer. */
  status: number | null;
  durationMs: number;
  /** Why it was not delivered, in English; null when delivered. */
  error: string | null;
}

export interface DeliveryOptions {
  mode: DestinationMode;
  /** The whole attempt, DNS included (docs/events-and-webhooks.md: a 2xx within 10 s). */
  timeoutMs?: number;
  resolve?: HostResolver;
  now?: () => Date;
}

export const deliveryTimeoutMs = 10_000;

const userAgent = 'studio-api-webhooks/1';
const maxDrainedBytes = 64 * 1024;

type Answer = Pick<DeliveryResult, 'outcome' | 'status' | 'error'>;

const judge = (status: number): Answer => {
  if (status >= 200 && status < 300) return { outcome: 'delivered', status, error: null };
  if (status === 410) return { outcome: 'gone', status, error: 'The receiver answered 410 Gone' };
  if (status >= 300 && status < 400) {
    return { outcome: 'retry', status, error: `The receiver answered ${status}; redirects are not followed` };
  }
  return { outcome: 'retry', status, error: `The receiver answered ${status}` };
};

const describeFailure = (error: unknown): string => {
  if (error instanceof WebhookDestinationRefused) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${message} (${code})` : message;
};

const post = (
  destination: CheckedDestination,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  finished: () => void,
): Promise<number> =>
  new Promise((resolve, reject) => {
    const send = destination.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(
      destination.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(destination),
        // One connection per attempt: a pooled socket might have been opened to an address checked earlier.
        agent: false,
        signal,
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        // The body is never kept. It is drained so the socket closes normally, within the
        // attempt's deadline and up to a bound, so an endless answer cannot hold the worker.
        let drained = 0;
        response.on('data', (chunk: Buffer) => {
          drained += chunk.length;
          if (drained > maxDrainedBytes) response.destroy();
        });
        response.on('close', finished);
      },
    );
    outgoing.on('error', (error) => {
      reject(error);
      finished();
    });
    outgoing.end(body);
  });

/**
 * One delivery attempt of `event` to `url`, signed with `secret` as the
 * Standard Webhooks specification says. The destination is checked again at
 * every attempt (DNS may have changed since the webhook was saved) and the
 * connection goes to the checked address. Never throws: every failure is a
 * `retry` with its reason.
 */
export const deliverWebhook = async (
  target: { url: string; secret: string; event: WebhookEvent },
  options: DeliveryOptions,
): Promise<DeliveryResult> => {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? deliveryTimeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const finished = () => clearTimeout(timer);
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const body = JSON.stringify(target.event);
    const headers = {
      'content-type': 'application/json',
      'user-agent': userAgent,
      ...signWebhook(target.secret, target.event.id, body, options.now?.() ?? new Date()),
    };
    const aborted = new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () => reject(new Error(`No answer within ${timeoutMs} ms`))),
    );
    const destination = await Promise.race([
      checkWebhookDestination(target.url, options.mode, options.resolve),
      aborted,
    ]);
    const status = await Promise.race([post(destination, body, headers, controller.signal, finished), aborted]);
    return { ...judge(status), durationMs: elapsed() };
  } catch (error) {
    finished();
    return { outcome: 'retry', status: null, durationMs: elapsed(), error: describeFailure(error) };
  }
};
