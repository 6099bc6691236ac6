import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileOnce } from '../file-once.ts';
import type { CertificateStore } from './seal-certificate.ts';

const fileName = (keyId: string) =>
  `seal-certificate-${createHash('sha256').update(keyId).digest('hex').slice(0, 16)}.cer`;

/** Keeps the local sealing key's certificate beside the key (SEAL_KEY_DIR). */
export const fileCertificateStore = (directory: string): CertificateStore => ({
  load: async (keyId) => {
    try {
      return new Uint8Array(await readFile(join(directory, fileName(keyId))));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  },
  // The first certificate stored wins; a later one is dropped.
  save: async (keyId, der) => writeFileOnce(join(directory, fileName(keyId)), der, 0o644),
});
