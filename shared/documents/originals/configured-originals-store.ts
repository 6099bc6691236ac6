import { join } from 'node:path';
import { localOriginalsStore } from './local-originals-store.ts';
import type { OriginalsStore } from './originals-store.ts';

/**
 * A store whose adapter is loaded with its first call, not with the function: the S3 client is a fifth of a
 * function's bundle, and a request that reads no original (or a local run, originals on disk) never needs it.
 */
const loadedOnFirstCall = (load: () => Promise<OriginalsStore>): OriginalsStore => {
  let loaded: Promise<OriginalsStore> | undefined;
  const adapter = () => {
    loaded ??= load();
    return loaded;
  };
  return {
    putIfAbsent: async (...args) => (await adapter()).putIfAbsent(...args),
    get: async (...args) => (await adapter()).get(...args),
    extendRetention: async (...args) => (await adapter()).extendRetention(...args),
    deleteVersion: async (...args) => (await adapter()).deleteVersion(...args),
    listVersions: async (...args) => (await adapter()).listVersions(...args),
  };
};

let store: OriginalsStore | undefined;

/** The stack's Object Lock bucket in AWS (`ORIGINALS_BUCKET`); else files in `<DATA_DIR>/documents/`. */
export const configuredOriginalsStore = (): OriginalsStore => {
  if (store) return store;
  const bucket = process.env.ORIGINALS_BUCKET;
  store = bucket
    ? loadedOnFirstCall(async () => (await import('./s3-originals-store.ts')).s3OriginalsStore({ bucket }))
    : localOriginalsStore({ folder: join(process.env.DATA_DIR ?? '.data', 'documents') });
  return store;
};
