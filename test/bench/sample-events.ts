import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { repositoryRoot } from '#infra/local/handler-loader.ts';

export interface JwtAuthorizerContext {
  jwt: { claims: Record<string, string>; scopes: null };
}

/** A payload 2.0 event of a route behind API Gateway's JWT authorizer. */
export type BenchEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & { authorizer?: JwtAuthorizerContext };
};

const samplePath = (name: string) => resolve(repositoryRoot, 'sample-events', `${name}.json`);
const samples = new Map<string, string>();

const sampleText = (name: string): string => {
  let text = samples.get(name);
  if (text === undefined) {
    text = readFileSync(samplePath(name), 'utf8');
    samples.set(name, text);
  }
  return text;
};

/** Every route comes with a sample event (`sample-events/<name>.json`, what `npm run invoke` sends). */
export const hasSampleEvent = (name: string): boolean => existsSync(samplePath(name));

/** The `{id}` the route's sample event names: a placeholder that stands for a record of the path's collection. */
export const samplePathId = (name: string): string | undefined =>
  (JSON.parse(sampleText(name)) as BenchEvent).pathParameters?.id;

export interface EventOptions {
  /** Real ids for the sample's placeholder ids (in its path and body). */
  ids?: ReadonlyMap<string, string>;
  /** Makes the body's email addresses unique (`anna@x` → `anna+<tag>@x`): a new contact needs its own. */
  tag?: string;
  /**
   * The record a request on a sub-resource acts on: body fields named like the
   * record's fields take its values (a signature names the contract's document hash, a mandate's
   * signature its mandate's hash).
   */
  record?: Record<string, unknown>;
  /** Replaces the query string. */
  query?: string;
  headers?: Record<string, string>;
  /** The client's address (`requestContext.http.sourceIp`, what API Gateway takes from the connection). */
  sourceIp?: string;
}

const emailAddress = /^([^@\s]+)@([^@\s]+)$/;

const adaptBody = (body: unknown, { tag, record }: EventOptions): unknown => {
  const tagged = (value: unknown): unknown => {
    if (typeof value === 'string') return tag ? value.replace(emailAddress, `$1+${tag}@$2`) : value;
    if (Array.isArray(value)) return value.map(tagged);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, tagged(entry)]));
  };
  const adapted = tagged(body);
  if (!record || typeof adapted !== 'object' || adapted === null) return adapted;
  // A contract's mandate is a declaration of its own: its signature names the mandate's hash.
  const mandate = typeof record.mandate === 'object' && record.mandate !== null ? record.mandate : {};
  const fields: Record<string, unknown> = { ...mandate, ...record };
  return Object.fromEntries(
    Object.entries(adapted).map(([name, value]) => [name, name in fields ? fields[name] : value]),
  );
};

/**
 * The route's sample event, made into the next request of the bench: real ids
 * for its placeholders, unique values where the record needs them, its own
 * request id. `If-Match` is dropped: the bench replaces the same record again
 * and again, so the sample's version would soon be stale.
 */
export const sampleEvent = (name: string, options: EventOptions = {}): BenchEvent => {
  let text = sampleText(name);
  for (const [placeholder, id] of options.ids ?? []) text = text.replaceAll(placeholder, id);
  const event = JSON.parse(text) as BenchEvent;
  const { 'if-match': _ifMatch, ...headers } = event.headers;
  event.headers = { ...headers, ...options.headers };
  event.requestContext.requestId = randomUUID();
  if (options.sourceIp) {
    event.requestContext.http.sourceIp = options.sourceIp;
    event.headers['x-forwarded-for'] = options.sourceIp;
  }
  if (typeof event.body === 'string' && event.body && !event.isBase64Encoded) {
    event.body = JSON.stringify(adaptBody(JSON.parse(event.body), options));
    if (event.headers['content-length']) event.headers['content-length'] = String(Buffer.byteLength(event.body));
  }
  if (options.query !== undefined) {
    event.rawQueryString = options.query;
    const parameters = Object.fromEntries(new URLSearchParams(options.query));
    event.queryStringParameters = Object.keys(parameters).length ? parameters : undefined;
  }
  return event;
};
