import { createHash } from 'node:crypto';
import {
  GetPublicKeyCommand,
  KMSClient,
  KMSInvalidSignatureException,
  SignCommand,
  VerifyCommand,
} from '@aws-sdk/client-kms';
import type { Seal } from './schema.ts';
import { type Sealer, type SealingPublicKey, sealAlgorithm } from './sealer.ts';

// An ECC_NIST_P256 key in KMS: the private key never leaves KMS.

/** Seals with an asymmetric KMS key created by the stack; verifies with kms:Verify. */
// Bounded like the DynamoDB client: a hanging KMS call must fail within the function timeout.
const boundedClient = () =>
  new KMSClient({
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000, throwOnRequestTimeout: true },
  });

export const kmsSealer = (keyArn: string, client = boundedClient()): Sealer => {
  // The digest is sent, not the message: KMS takes RAW messages only up to 4096 bytes.
  const signMessage = async (message: Uint8Array) => {
    const { Signature, KeyId } = await client.send(
      new SignCommand({
        KeyId: keyArn,
        Message: createHash('sha256').update(message).digest(),
        MessageType: 'DIGEST',
        SigningAlgorithm: sealAlgorithm,
      }),
    );
    if (!Signature) throw new Error('KMS returned no signature');
    return { signature: Signature, keyId: KeyId ?? keyArn };
  };
  let publicKey: Promise<SealingPublicKey> | undefined;
  const fetchPublicKey = async (): Promise<SealingPublicKey> => {
    const { PublicKey, KeyId } = await client.send(new GetPublicKeyCommand({ KeyId: keyArn }));
    if (!PublicKey) throw new Error('KMS returned no public key');
    return { keyId: KeyId ?? keyArn, spki: PublicKey };
  };
  return {
    seal: async (payload) => {
      const { signature, keyId } = await signMessage(Buffer.from(payload));
      return { algorithm: sealAlgorithm, keyId, value: Buffer.from(signature).toString('base64') };
    },
    verify: async (payload, seal: Seal) => {
      if (seal.algorithm !== sealAlgorithm) return false;
      try {
        const { SignatureValid } = await client.send(
          new VerifyCommand({
            KeyId: seal.keyId,
            Message: Buffer.from(payload),
            MessageType: 'RAW',
            Signature: Buffer.from(seal.value, 'base64'),
            SigningAlgorithm: sealAlgorithm,
          }),
        );
        return SignatureValid === true;
      } catch (error) {
        if (error instanceof KMSInvalidSignatureException) return false;
        throw error;
      }
    },
    sign: async (message) => (await signMessage(message)).signature,
    publicKey: () => {
      // A failed lookup is not kept: the next call asks KMS again.
      publicKey ??= fetchPublicKey().catch((error) => {
        publicKey = undefined;
        throw error;
      });
      return publicKey;
    },
  };
};
