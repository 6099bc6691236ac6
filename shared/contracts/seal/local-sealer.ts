import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Seal } from '../schema.ts';
import type { Sealer } from './sealer.ts';

const algorithm = 'Ed25519';

const loadOrCreateKey = (keyDirectory: string): KeyObject => {
  const file = join(keyDirectory, 'seal-ed25519.pem');
  if (!existsSync(file)) {
    mkdirSync(keyDirectory, { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    // `wx` fails if a concurrent first start wrote the key meanwhile; that key wins.
    try {
      writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return createPrivateKey(readFileSync(file));
};

/** The local stand-in for KMS: an Ed25519 key pair generated on first use under the data folder. */
export const localSealer = (keyDirectory: string): Sealer => {
  const privateKey = loadOrCreateKey(keyDirectory);
  const publicKey = createPublicKey(privateKey);
  const keyId = `local:${createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16)}`;
  return {
    seal: async (payload) => ({
      algorithm,
      keyId,
      value: sign(null, Buffer.from(payload), privateKey).toString('base64'),
    }),
    verify: async (payload, seal: Seal) =>
      seal.algorithm === algorithm &&
      seal.keyId === keyId &&
      verify(null, Buffer.from(payload), publicKey, Buffer.from(seal.value, 'base64')),
  };
};
