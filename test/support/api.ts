import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Role } from '#shared/routes.ts';
import { connectHandlers } from '../../infra/local/local-database.ts';
import { issueLocalToken, type LocalTokenOptions, localTokenFor } from '../../infra/local/local-tokens.ts';
import { type LocalApi, startLocalApi } from '../../infra/local/server.ts';
import { loadSigningKey, type SigningKey } from '../../infra/local/signing-key.ts';
import { documentViolation } from './openapi-responses.ts';
import { dropTable } from './table.ts';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  /** The body exactly as it arrived. */
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /**
   * Who calls: the local user of a role (default `owner`), a token of your
   * own, or `null` for no `Authorization` header. An `authorization` entry in
   * `headers` wins over all of these.
   */
  as?: Role | { token: string } | null;
}

export interface TestApi {
  url: string;
  /** The key pair the server's authorizer trusts, to sign tokens of your own. */
  signingKey: SigningKey;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** A token the server accepts, with the claims you need. */
  token(options: LocalTokenOptions): Promise<string>;
  /** The server's lines of invocations: staff's routes and the public ones. */
  lines: LocalApi['lines'];
}

/**
 * Starts the local HTTP server of this test file against the run's DynamoDB
 * Local, with the JWT authorizer on a key pair of its own: every test goes
 * through real HTTP, the authorizer, the API Gateway event conversion and the
 * handler modules Lambda would run. Requests carry an owner token unless told otherwise.
 */
export const useApi = (): TestApi => {
  let api: LocalApi | undefined;
  let key: SigningKey | undefined;
  let keyDirectory: string | undefined;
  let tableName: string | undefined;
  const tokens = new Map<Role, string>();
  beforeAll(async () => {
    keyDirectory = mkdtempSync(join(tmpdir(), 'studio-api-test-keys-'));
    // A table of its own per test file: files run in parallel, and some tests
    // (contract numbers, list contents) need to know every write to their table.
    tableName = `studio-api-${unique()}`;
    await connectHandlers(inject('dynamoEndpoint'), tableName);
    api = await startLocalApi({ authorizer: { keyDirectory } });
    key = await loadSigningKey(keyDirectory);
    for (const role of ['owner', 'staff'] as const) tokens.set(role, await localTokenFor(key, role));
  });
  afterAll(async () => {
    await api?.close();
    if (keyDirectory) rmSync(keyDirectory, { recursive: true, force: true });
    // The run's DynamoDB Local keeps every table in one database: left there, a file's table slows every later
    // file's calls (a 2,000-due collection took 5 s alone and 125 s at the end of the suite).
    if (tableName) await dropTable(inject('dynamoEndpoint'), tableName);
  });

  const authorizationFor = (as: RequestOptions['as']): string | undefined => {
    if (as === null) return undefined;
    if (typeof as === 'object') return `Bearer ${as.token}`;
    return `Bearer ${tokens.get(as ?? 'owner')}`;
  };

  return {
    get url() {
      if (!api) throw new Error('The API is not started yet');
      return api.url;
    },
    get lines() {
      if (!api) throw new Error('The API is not started yet');
      return api.lines;
    },
    get signingKey() {
      if (!key) throw new Error('The API is not started yet');
      return key;
    },
    token(options) {
      return issueLocalToken(this.signingKey, options);
    },
    async request(method, path, options = {}) {
      const headers: Record<string, string> = {};
      const authorization = authorizationFor(options.as);
      if (authorization) headers.authorization = authorization;
      Object.assign(headers, options.headers);
      let body = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${this.url}${path}`, { method, headers, body });
      const text = await response.text();
      const isJson = /json/.test(response.headers.get('content-type') ?? '');
      const received = {
        status: response.status,
        headers: response.headers,
        body: isJson && text ? JSON.parse(text) : text,
        text,
      };
      // Every answer a test receives must be one the OpenAPI document describes.
      const violation = documentViolation(method, response.url, received);
      if (violation) throw new Error(`The response breaks the OpenAPI document: ${violation}`);
      return received;
    },
  };
};

/** A value no other test uses, so tests share one table without seeing each other's records. */
export const unique = (prefix = 'T'): string => `${prefix}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
