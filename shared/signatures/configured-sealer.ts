import { kmsSealer } from './kms-sealer.ts';
import { localSealer } from './local-sealer.ts';
import type { Sealer } from './sealer.ts';

let sealer: Sealer | undefined;

/** KMS in AWS (the stack sets SEAL_KMS_KEY_ARN); the local key pair under SEAL_KEY_DIR otherwise. */
export const configuredSealer = (): Sealer => {
  if (sealer) return sealer;
  const kmsKeyArn = process.env.SEAL_KMS_KEY_ARN;
  const keyDirectory = process.env.SEAL_KEY_DIR;
  if (kmsKeyArn) sealer = kmsSealer(kmsKeyArn);
  else if (keyDirectory) sealer = localSealer(keyDirectory);
  else throw new Error('Neither SEAL_KMS_KEY_ARN nor SEAL_KEY_DIR is set');
  return sealer;
};
