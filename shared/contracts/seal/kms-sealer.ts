import { KMSClient, KMSInvalidSignatureException, SignCommand, VerifyCommand } from '@aws-sdk/client-kms';
import type { Seal } from '../schema.ts';
import type { Sealer } from './sealer.ts';

// An ECC_NIST_P256 key in KMS: the private key never leaves KMS.
const algorithm = 'ECDSA_SHA_256';

/** Seals with an asymmetric KMS key created by the stack; verifies with kms:Verify. */
// Bounded like the DynamoDB client: a hanging KMS call must fail within the function timeout.
const boundedClient = () =>
  new KMSClient({
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000, throwOnRequestTimeout: true },
  });

export const kmsSealer = (keyArn: string, client = boundedClient()): Sealer => ({
  seal: async (payload) => {
    const { Signature, KeyId } = await client.send(
      new SignCommand({
        KeyId: keyArn,
        Message: Buffer.from(payload),
        MessageType: 'RAW',
        SigningAlgorithm: algorithm,
      }),
    );
    if (!Signature) throw new Error('KMS returned no signature');
    return { algorithm, keyId: KeyId ?? keyArn, value: Buffer.from(Signature).toString('base64') };
  },
  verify: async (payload, seal: Seal) => {
    if (seal.algorithm !== algorithm) return false;
    try {
      const { SignatureValid } = await client.send(
        new VerifyCommand({
          KeyId: seal.keyId,
          Message: Buffer.from(payload),
          MessageType: 'RAW',
          Signature: Buffer.from(seal.value, 'base64'),
          SigningAlgorithm: algorithm,
        }),
      );
      return SignatureValid === true;
    } catch (error) {
      if (error instanceof KMSInvalidSignatureException) return false;
      throw error;
    }
  },
});
