import { request as httpRequest } from 'node:http';

/*
 * A webhook's delivery in a floor: the request the receiver got from the handler, sent again with node:http alone.
 * Its own module, free of the SDK, so that a cold start's floor bundles it as it is (floors.ts).
 */

/** A webhook's delivery as the receiver got it from the handler: sent again as it was. */
export interface WebhookPostInput {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The command of a floor's HTTP client. */
export class WebhookPostCommand {
  constructor(readonly input: WebhookPostInput) {}
}

/**
 * A bare HTTP client for a webhook's POST: one connection per request, as the deliverer opens one per attempt (a
 * pooled socket could lead to an address checked earlier; shared/webhooks/deliver.ts), and nothing else.
 */
export const bareHttpClient = () => ({
  send: (command: WebhookPostCommand) =>
    new Promise<Record<string, unknown>>((answered, failed) => {
      const { url, headers, body } = command.input;
      const length = { 'content-length': String(Buffer.byteLength(body)) };
      const outgoing = httpRequest(
        url,
        { method: 'POST', headers: { ...headers, ...length }, agent: false },
        (response) => {
          response.resume();
          response.on('end', () => answered({ status: response.statusCode }));
        },
      );
      outgoing.on('error', failed);
      outgoing.end(body);
    }),
});
