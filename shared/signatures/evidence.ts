import { canonicalJson, sha256Hex } from '../hashing.ts';
import { configuredSealer } from './configured-sealer.ts';
import { parseSignatureImage, type SignatureImage } from './parse-signature-image.ts';
import type { Seal } from './schema.ts';

/*
 * §4's evidence and seal of a signature, the same for every declaration that is signed (a contract,
 * a SEPA mandate): the image checked for real, who signed when and from where, and the server's seal
 * over what was signed together with that evidence.
 */

/** Where the signature was given, as the API Gateway request context reports it. */
export interface SigningContext {
  ipAddress: string;
  userAgent: string;
}

/** What is kept of a signature besides the declaration it signs. */
export interface SignatureEvidence {
  signerName: string;
  signedAt: string;
  ipAddress: string;
  userAgent: string;
  imageSha256: string;
}

/** A signature image checked for real, with the hash its evidence names. */
export interface CheckedSignatureImage extends SignatureImage {
  sha256: string;
}

/** Checks the image before anything is read: a bad one is a 400 naming `signatureImage`. */
export const checkedSignatureImage = (dataUrl: string): CheckedSignatureImage => {
  const image = parseSignatureImage(dataUrl);
  return { ...image, sha256: sha256Hex(image.bytes) };
};

export const evidenceOf = (
  signerName: string,
  image: CheckedSignatureImage,
  context: SigningContext,
  at: Date,
): SignatureEvidence => ({
  signerName,
  signedAt: at.toISOString(),
  ipAddress: context.ipAddress,
  userAgent: context.userAgent,
  imageSha256: image.sha256,
});

/**
 * The facts a seal covers, canonicalised: what was signed (`signed`: the declaration's id and hash)
 * and exactly the evidence's fields, never anything else a stored signature carries.
 */
export const sealedFacts = (signed: Readonly<Record<string, string>>, evidence: SignatureEvidence): string =>
  canonicalJson({
    ...signed,
    signerName: evidence.signerName,
    signedAt: evidence.signedAt,
    ipAddress: evidence.ipAddress,
    userAgent: evidence.userAgent,
    imageSha256: evidence.imageSha256,
  });

export const sealOf = (signed: Readonly<Record<string, string>>, evidence: SignatureEvidence): Promise<Seal> =>
  configuredSealer().seal(sealedFacts(signed, evidence));
