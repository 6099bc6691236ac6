import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint } from 'jose';

/** The local identity provider's key pair: what Cognito's JWKS is in AWS. */
export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** RFC 7638 thumbprint of the public key, sent as the JWT header's `kid`. */
  kid: string;
}

/** Where the local server and `npm run token` keep their keys: `<DATA_DIR>/keys`. */
export const localKeyDirectory = (dataDirectory: string): string => join(dataDirectory, 'keys');

const keyFileName = 'jwt-rs256.pem';

const readKey = (file: string): KeyObject | undefined => {
  try {
    return createPrivateKey(readFileSync(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/**
 * Writes a new key next to its final name and hard-links it into place: the
 * link fails if another process (`npm start` and `npm run token` started
 * together) got there first, and nobody ever reads a half-written file.
 */
const createKey = (file: string): KeyObject => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const temporary = `${file}.${randomUUID()}.tmp`;
  writeFileSync(temporary, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return createPrivateKey(readFileSync(file));
};

/**
 * The RSA key pair under `keyDirectory`, generated on first use. RSA because
 * API Gateway's JWT authorizer accepts only RSA-signed tokens (RS256, as Cognito signs).
 */
export const loadSigningKey = async (keyDirectory: string): Promise<SigningKey> => {
  const file = join(keyDirectory, keyFileName);
  let privateKey = readKey(file);
  if (!privateKey) {
    mkdirSync(keyDirectory, { recursive: true, mode: 0o700 });
    privateKey = createKey(file);
  }
  const publicKey = createPublicKey(privateKey);
  const { kty, n, e } = publicKey.export({ format: 'jwk' });
  return { privateKey, publicKey, kid: await calculateJwkThumbprint({ kty, n, e }) };
};
