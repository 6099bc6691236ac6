import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readOrCreateFile } from '../file-once.ts';
import type { Seal } from './schema.ts';
import { type Sealer, sealAlgorithm } from './sealer.ts';

const keyFileName = 'seal-p256.pem';
// Before the customer's copy, local seals were Ed25519; a data folder that still
// holds that key keeps its old seals verifiable.
const formerKeyFileName = 'seal-ed25519.pem';
const formerAlgorithm = 'Ed25519';

const loadOrCreateKey = (keyDirectory: string): KeyObject =>
  createPrivateKey(
    readOrCreateFile(join(keyDirectory, keyFileName), () =>
      generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    ),
  );

const keyIdOf = (publicKey: KeyObject) =>
  `local:${createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16)}`;

const formerVerifier = (keyDirectory: string) => {
  const file = join(keyDirectory, formerKeyFileName);
  if (!existsSync(file)) return () => false;
  const publicKey = createPublicKey(createPrivateKey(readFileSync(file)));
  const keyId = keyIdOf(publicKey);
  return (payload: string, seal: Seal) =>
    seal.keyId === keyId && verify(null, Buffer.from(payload), publicKey, Buffer.from(seal.value, 'base64'));
};

/** The local stand-in for KMS: an ECDSA P-256 key pair generated on first use under the data folder. */
export const localSealer = (keyDirectory: string): Sealer => {
  const privateKey = loadOrCreateKey(keyDirectory);
  const publicKey = createPublicKey(privateKey);
  const spki = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
  const keyId = keyIdOf(publicKey);
  const verifyFormer = formerVerifier(keyDirectory);
  const signMessage = (message: Uint8Array) => new Uint8Array(sign('sha256', message, privateKey));
  return {
    seal: async (payload) => ({
      algorithm: sealAlgorithm,
      keyId,
      value: Buffer.from(signMessage(Buffer.from(payload))).toString('base64'),
    }),
    verify: async (payload, seal: Seal) => {
      if (seal.algorithm === formerAlgorithm) return verifyFormer(payload, seal);
      return (
        seal.algorithm === sealAlgorithm &&
        seal.keyId === keyId &&
        verify('sha256', Buffer.from(payload), publicKey, Buffer.from(seal.value, 'base64'))
      );
    },
    sign: async (message) => signMessage(message),
    publicKey: async () => ({ keyId, spki }),
  };
};
