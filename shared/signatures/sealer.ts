import type { Seal } from './schema.ts';

/** The sealing key's public half, as a certificate names it. */
export interface SealingPublicKey {
  /** The key id every seal made with this key carries. */
  keyId: string;
  /** DER SubjectPublicKeyInfo of the ECDSA P-256 key. */
  spki: Uint8Array;
}

/**
 * Makes and checks seals: asymmetric signatures over the canonical JSON of a
 * signature's facts. Each seal names its algorithm and key, so seals made
 * before a key rotation stay verifiable.
 *
 * The key is ECDSA P-256 with SHA-256 everywhere: PDF validators (poppler,
 * Acrobat) do not verify Ed25519 CMS signatures, and the customer's copy is
 * signed with the same key (docs/walkthrough.md, "The customer's copy").
 */
export interface Sealer {
  seal(payload: string): Promise<Seal>;
  /** False for a seal this sealer's key did not make or that does not match the payload. */
  verify(payload: string, seal: Seal): Promise<boolean>;
  /**
   * ECDSA P-256 signature over the SHA-256 of `message`, DER-encoded
   * (`SEQUENCE { r, s }`), as CMS and X.509 carry it.
   */
  sign(message: Uint8Array): Promise<Uint8Array>;
  publicKey(): Promise<SealingPublicKey>;
}

/** The algorithm name seals carry: the KMS name, used locally too so both hosts' seals read alike. */
export const sealAlgorithm = 'ECDSA_SHA_256';
