import * as v from 'valibot';

/** A seal as a signature carries it: the algorithm and key that made it, so seals stay checkable after a key rotation. */
export const SealRecord = v.object({
  algorithm: v.string(),
  keyId: v.string(),
  value: v.string(),
});
export type Seal = v.InferOutput<typeof SealRecord>;
