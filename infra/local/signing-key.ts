import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { join } from 'node:path';
import { calculateJwkThumbprint } from 'jose';
import { readOrCreateFile } from '#shared/file-once.ts';

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

/**
 * The RSA key pair under `keyDirectory`, generated on first use. RSA because
 * API Gateway's JWT authorizer accepts only RSA-signed tokens (RS256, as Cognito signs).
 */
export const loadSigningKey = async (keyDirectory: string): Promise<SigningKey> => {
  const privateKey = createPrivateKey(
    readOrCreateFile(join(keyDirectory, keyFileName), () =>
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    ),
  );
  const publicKey = createPublicKey(privateKey);
  const { kty, n, e } = publicKey.export({ format: 'jwk' });
  return { privateKey, publicKey, kid: await calculateJwkThumbprint({ kty, n, e }) };
};
