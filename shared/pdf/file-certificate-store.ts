import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
  save: async (keyId, der) => {
    await mkdir(directory, { recursive: true });
    const file = join(directory, fileName(keyId));
    try {
      // `wx`: the first certificate stored wins; a later one is dropped.
      await writeFile(file, der, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  },
});
