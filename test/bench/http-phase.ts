import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localTokenFor } from '#infra/local/local-tokens.ts';
import { startLocalApi } from '#infra/local/server.ts';
import { loadSigningKey } from '#infra/local/signing-key.ts';
import { type HttpLoadResult, loadTest } from './http-load.ts';

/**
 * Get contact and list contacts through the local server, JWT authorizer
 * included, with an owner's token made by the local identity provider.
 */
export const measureHttp = async (
  contactId: string,
  options: { connections: number; seconds: number },
): Promise<HttpLoadResult[]> => {
  const keyDirectory = mkdtempSync(join(tmpdir(), 'studio-bench-jwt-'));
  const api = await startLocalApi({ authorizer: { keyDirectory } });
  try {
    const token = await localTokenFor(await loadSigningKey(keyDirectory), 'owner');
    const headers = { authorization: `Bearer ${token}` };
    const results: HttpLoadResult[] = [];
    for (const path of [`/api/contacts/${contactId}`, '/api/contacts?limit=25']) {
      results.push(await loadTest(api.url, path, headers, options));
    }
    return results;
  } finally {
    await api.close();
    rmSync(keyDirectory, { recursive: true, force: true });
  }
};
