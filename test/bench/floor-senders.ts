import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';

/*
 * What a floor sends besides its SDK calls, with Node alone: a webhook's delivery (the request the receiver got from
 * the handler) and a mail (the message the handler handed its transport). A module free of the SDK, so that a cold
 * start's floor bundles it as it is (floors.ts).
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

/** A mail as the handler handed it to its transport: SES in AWS, the outbox folder here. */
export interface SendMailInput {
  to: string;
  raw: Uint8Array;
}

/** The command of a floor's mail client. */
export class SendMailCommand {
  constructor(readonly input: SendMailInput) {}
}

/**
 * A bare mail client: writes the message's bytes into the outbox as the local stand-in of SES does
 * (shared/mail/outbox-sender.ts: the folder made if missing, a new file per message), under a name of its own.
 */
export const bareMailClient = (dataDirectory: string) => ({
  send: async (command: SendMailCommand) => {
    const folder = join(dataDirectory, 'outbox');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, `floor-${randomUUID()}.eml`), command.input.raw, { flag: 'wx' });
    return {};
  },
});
