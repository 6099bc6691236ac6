import { join } from 'node:path';
import { localOriginalsStore } from './local-originals-store.ts';
import type { OriginalsStore } from './originals-store.ts';
import { s3OriginalsStore } from './s3-originals-store.ts';

let store: OriginalsStore | undefined;

/** The stack's Object Lock bucket in AWS (`ORIGINALS_BUCKET`); else files in `<DATA_DIR>/documents/`. */
export const configuredOriginalsStore = (): OriginalsStore => {
  if (store) return store;
  const bucket = process.env.ORIGINALS_BUCKET;
  store = bucket
    ? s3OriginalsStore({ bucket })
    : localOriginalsStore({ folder: join(process.env.DATA_DIR ?? '.data', 'documents') });
  return store;
};
