import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectHandlers } from '../../infra/local/local-database.ts';
import { type LocalApi, startLocalApi } from '../../infra/local/server.ts';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface TestApi {
  url: string;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
}

/**
 * Starts the local HTTP server of this test file against the run's DynamoDB
 * Local: every test goes through real HTTP, the API Gateway event conversion
 * and the handler modules Lambda would run.
 */
export const useApi = (): TestApi => {
  let api: LocalApi | undefined;
  beforeAll(async () => {
    await connectHandlers(inject('dynamoEndpoint'));
    api = await startLocalApi();
  });
  afterAll(() => api?.close());

  return {
    get url() {
      if (!api) throw new Error('The API is not started yet');
      return api.url;
    },
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      let body = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${this.url}${path}`, { method, headers, body });
      const text = await response.text();
      const isJson = /json/.test(response.headers.get('content-type') ?? '');
      return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text };
    },
  };
};

/** A value no other test uses, so tests share one table without seeing each other's records. */
export const unique = (prefix = 'T'): string => `${prefix}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
