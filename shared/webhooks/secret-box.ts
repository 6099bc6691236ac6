import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { readOrCreateFile } from '../file-once.ts';

/**
 * Keeps webhook secrets encrypted at rest. Each ciphertext is bound to its
 * webhook's id (KMS encryption context, GCM associated data), so a stored secret
 * copied onto another webhook does not decrypt. Nothing here logs or puts a
 * secret into an error message.
 */
export interface SecretBox {
  encrypt(secret: string, webhookId: string): Promise<string>;
  decrypt(ciphertext: string, webhookId: string): Promise<string>;
}

const kmsPrefix = 'kms:';
const localPrefix = 'local:v1:';

const context = (webhookId: string) => ({ purpose: 'webhook-secret', webhookId });

// Bounded like the sealer's client: a hanging KMS call must fail within the function timeout.
const boundedClient = () =>
  new KMSClient({
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000, throwOnRequestTimeout: true },
  });

/** A symmetric KMS key created by the stack; the plaintext key never leaves KMS. */
export const kmsSecretBox = (keyId: string, client = boundedClient()): SecretBox => ({
  encrypt: async (secret, webhookId) => {
    const { CiphertextBlob } = await client.send(
      new EncryptCommand({ KeyId: keyId, Plaintext: Buffer.from(secret), EncryptionContext: context(webhookId) }),
    );
    if (!CiphertextBlob) throw new Error('KMS returned no ciphertext');
    return `${kmsPrefix}${Buffer.from(CiphertextBlob).toString('base64')}`;
  },
  decrypt: async (ciphertext, webhookId) => {
    if (!ciphertext.startsWith(kmsPrefix)) throw new Error('Not a webhook secret encrypted with KMS');
    const { Plaintext } = await client.send(
      new DecryptCommand({
        // Naming the key makes KMS refuse a ciphertext made with any other key.
        KeyId: keyId,
        CiphertextBlob: Buffer.from(ciphertext.slice(kmsPrefix.length), 'base64'),
        EncryptionContext: context(webhookId),
      }),
    );
    if (!Plaintext) throw new Error('KMS returned no plaintext');
    return Buffer.from(Plaintext).toString();
  },
});

const keyFileName = 'webhook-secrets-aes256.key';
const ivBytes = 12;
const tagBytes = 16;

const loadOrCreateKey = (keyDirectory: string): Buffer => {
  const file = join(keyDirectory, keyFileName);
  const content = readOrCreateFile(file, () => randomBytes(32).toString('base64'));
  const key = Buffer.from(content.toString('utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 256-bit key`);
  return key;
};

/** The local stand-in for KMS: AES-256-GCM with a key generated on first use under the data folder. */
export const localSecretBox = (keyDirectory: string): SecretBox => {
  const key = loadOrCreateKey(keyDirectory);
  const associatedData = (webhookId: string) => Buffer.from(JSON.stringify(context(webhookId)));
  return {
    encrypt: async (secret, webhookId) => {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(associatedData(webhookId));
      const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${localPrefix}${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64')}`;
    },
    decrypt: async (ciphertext, webhookId) => {
      if (!ciphertext.startsWith(localPrefix)) throw new Error('Not a webhook secret encrypted with the local key');
      const bytes = Buffer.from(ciphertext.slice(localPrefix.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes));
      decipher.setAAD(associatedData(webhookId));
      decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
      return Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
    },
  };
};

let box: SecretBox | undefined;

/**
 * KMS in AWS (the stack sets WEBHOOK_SECRET_KEY_ID); the local key under
 * SEAL_KEY_DIR (or `<DATA_DIR>/keys`) otherwise, beside the local sealing key.
 */
export const configuredSecretBox = (): SecretBox => {
  if (box) return box;
  const kmsKeyId = process.env.WEBHOOK_SECRET_KEY_ID;
  const dataDir = process.env.DATA_DIR;
  const keyDirectory = process.env.SEAL_KEY_DIR ?? (dataDir ? join(dataDir, 'keys') : undefined);
  if (kmsKeyId) box = kmsSecretBox(kmsKeyId);
  else if (keyDirectory) box = localSecretBox(keyDirectory);
  else throw new Error('Neither WEBHOOK_SECRET_KEY_ID nor SEAL_KEY_DIR (or DATA_DIR) is set');
  return box;
};
