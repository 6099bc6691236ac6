import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { Localized } from '../messages/index.ts';
import { isLoopback, nonPublicRange } from './ip-ranges.ts';
import { webhookTexts } from './texts.ts';

/**
 * `aws`: https to public addresses only. `local`: besides, http or https to
 * 127.0.0.1 and localhost, so tests and a developer's receiver work.
 */
export type DestinationMode = 'aws' | 'local';

/** Strict unless the local host says otherwise: a missing setting in AWS must never open loopback. */
export const configuredDestinationMode = (env: NodeJS.ProcessEnv = process.env): DestinationMode =>
  env.WEBHOOK_DESTINATIONS === 'local' ? 'local' : 'aws';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (node:dns by default; tests pass their own). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** A webhook URL that may not be used: `detail` names the field in the response's language. */
export class WebhookDestinationRefused extends Error {
  readonly field = 'url';
  readonly detail: Localized;
  constructor(detail: Localized) {
    // The message is English: the delivery log records it, and that log is read in English.
    super(detail('en'));
    this.name = 'WebhookDestinationRefused';
    this.detail = detail;
  }
}

/** A URL that passed every rule, with the addresses that were checked: delivery connects to these only. */
export interface CheckedDestination {
  url: URL;
  addresses: readonly ResolvedAddress[];
}

const maxUrlLength = 2048;
const localHosts = new Set(['127.0.0.1', 'localhost']);

const systemResolver: HostResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

// The WHATWG parser already turned 0x7f.1, 2130706433 and the like into dotted quads; IPv6 comes in brackets.
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The rules that need no DNS: form, scheme, no credentials. For validating a request body. */
export const checkWebhookUrl = (raw: string, mode: DestinationMode): URL => {
  if (raw.length > maxUrlLength)
    throw new WebhookDestinationRefused(webhookTexts.localized('url.tooLong', maxUrlLength));
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookDestinationRefused(webhookTexts.localized('url.notAbsolute'));
  }
  if (url.username || url.password) throw new WebhookDestinationRefused(webhookTexts.localized('url.credentials'));
  const loopbackAllowed = mode === 'local' && localHosts.has(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopbackAllowed)) return url;
  throw new WebhookDestinationRefused(webhookTexts.localized(mode === 'local' ? 'url.httpsOrLocal' : 'url.https'));
};

/**
 * Every rule: `checkWebhookUrl`, then each address the host resolves to must be
 * public (the local mode's 127.0.0.1 / localhost may be loopback). All addresses
 * are checked, not the first: a host may round-robin between public and private.
 */
export const checkWebhookDestination = async (
  raw: string,
  mode: DestinationMode,
  resolve: HostResolver = systemResolver,
): Promise<CheckedDestination> => {
  const url = checkWebhookUrl(raw, mode);
  const host = bareHost(url);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new WebhookDestinationRefused(webhookTexts.localized('url.unresolvable', host));
    }
    if (!addresses.length) throw new WebhookDestinationRefused(webhookTexts.localized('url.unresolvable', host));
  }
  const loopbackAllowed = mode === 'local' && localHosts.has(url.hostname);
  for (const { address } of addresses) {
    if (loopbackAllowed && isLoopback(address)) continue;
    const range = nonPublicRange(address);
    if (range) throw new WebhookDestinationRefused(webhookTexts.localized('url.notPublic', range, address));
  }
  return { url, addresses };
};

/**
 * A `lookup` for node:http that answers with the checked addresses only, so the
 * connection goes where the check looked: a second DNS answer (rebinding) is never asked for.
 */
export const pinnedLookup =
  (destination: CheckedDestination): LookupFunction =>
  (_hostname, options, callback) => {
    const [first] = destination.addresses;
    if (!first) return callback(new Error('No checked address'), '', 4);
    if (options.all)
      return (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, [...destination.addresses]);
    const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
    const chosen = destination.addresses.find((entry) => !wanted || entry.family === wanted) ?? first;
    callback(null, chosen.address, chosen.family);
  };
