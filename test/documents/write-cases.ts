import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { documentKey } from '#shared/documents/originals/document-key.ts';
import type { WriteCase, WriteFixtures } from '../support/write-case.ts';

/**
 * The documents area has no write route of its own: a signed contract's first download stores its original
 * and records it (TransactWriteItems), so that read is held to exactly once like a write.
 */
export const writeCases = ({ get, signedContract }: WriteFixtures): Record<string, WriteCase> => ({
  'GET /api/contracts/:id/document (the first download of a signed contract records its original)': {
    prepare: async () => {
      const contract = await signedContract();
      return {
        method: 'GET',
        path: `/api/contracts/${contract.id}/document`,
        holdsOnce: async (response) => {
          const documents = (await get(`/api/contracts/${contract.id}/documents`)).body.items;
          expect(documents).toEqual([expect.objectContaining({ kind: 'signed_original' })]);
          // The answer is the stored file, and the record names it.
          expect(response.headers.get('etag')).toBe(`"sha256:${documents[0].sha256}"`);
          const dataDir = process.env.DATA_DIR ?? '.data';
          const stored = readFileSync(join(dataDir, 'documents', documentKey(contract.id, 'signed_original')));
          expect(createHash('sha256').update(stored).digest('hex')).toBe(documents[0].sha256);
        },
        // Another contract each run: other bytes, another hash.
        sameBut: ['body', 'etag'],
      };
    },
  },
});
