import type { Seal } from '../schema.ts';

/**
 * Makes and checks seals: asymmetric signatures over the canonical JSON of a
 * signature's facts. Each seal names its algorithm and key, so seals made
 * before a key rotation stay verifiable.
 */
export interface Sealer {
  seal(payload: string): Promise<Seal>;
  /** False for a seal this sealer's key did not make or that does not match the payload. */
  verify(payload: string, seal: Seal): Promise<boolean>;
}
