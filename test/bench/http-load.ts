import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { repositoryRoot } from '#infra/local/handler-loader.ts';
import { round } from './stats.ts';

const run = promisify(execFile);

export interface HttpLoadResult {
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Responses that were not 2xx, and connection errors: both must be 0. */
  non2xx: number;
  errors: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/**
 * Drives the local server with autocannon from its own process, so the load
 * generator does not share an event loop with the server it measures.
 */
export const loadTest = async (
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  { connections = 10, seconds = 10 } = {},
): Promise<HttpLoadResult> => {
  const cli = resolve(repositoryRoot, 'node_modules/autocannon/autocannon.js');
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const { stdout } = await run(
    process.execPath,
    [cli, '-c', String(connections), '-d', String(seconds), '-j', '-n', ...headerArgs, `${baseUrl}${path}`],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as AutocannonJson;
  return {
    path,
    requestsPerSecond: round(result.requests.average, 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
};
