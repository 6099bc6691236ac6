import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localTokenFor } from '#infra/local/local-tokens.ts';
import { type LocalApi, startLocalApi } from '#infra/local/server.ts';
import { loadSigningKey } from '#infra/local/signing-key.ts';

/**
 * `work` against a local server of its own, with an owner's token of its identity provider. The server gives the
 * process its origin for the links it makes only when none is set (`PUBLIC_ORIGIN`), so the origin a part of the
 * bench before left behind is cleared first: a signing link would otherwise point at that part's closed server.
 */
export const withLocalApi = async <T>(work: (api: LocalApi, ownerToken: string) => Promise<T>): Promise<T> => {
  const keyDirectory = mkdtempSync(join(tmpdir(), 'studio-bench-api-'));
  delete process.env.PUBLIC_ORIGIN;
  const api = await startLocalApi({ authorizer: { keyDirectory } });
  try {
    return await work(api, await localTokenFor(await loadSigningKey(keyDirectory), 'owner'));
  } finally {
    await api.close();
    delete process.env.PUBLIC_ORIGIN;
    rmSync(keyDirectory, { recursive: true, force: true });
  }
};
