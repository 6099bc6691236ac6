import { createHash } from 'node:crypto';
import type { Sealer } from '../signatures/sealer.ts';
import { explicit, implicitConstructed, octetString, oid, sequence, setOf, smallInteger, tlv } from './der.ts';
import { ecdsaWithSha256, type SealCertificate } from './seal-certificate.ts';

const id = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

const sha256Algorithm = sequence(oid(id.sha256));
const attribute = (type: string, value: Uint8Array) => sequence(oid(type), setOf(value));

// ESS signingCertificateV2 (RFC 5035): binds the signature to this very certificate,
// as PAdES baseline B-B requires. The hash algorithm is SHA-256, the DEFAULT, so DER omits it.
const signingCertificateV2 = (certificate: SealCertificate) =>
  sequence(
    sequence(
      sequence(
        octetString(certificate.sha256),
        sequence(sequence(explicit(4, certificate.issuer)), certificate.serialNumber),
      ),
    ),
  );

/**
 * A detached CMS SignedData (RFC 5652) over `content`, as PAdES baseline B-B
 * (ETSI EN 319 142-1, SubFilter ETSI.CAdES.detached) wants it: signed attributes
 * content-type, message-digest and signingCertificateV2, no signing-time (the
 * PDF's /M says when), ECDSA P-256 with SHA-256 by the sealing key.
 */
export const signDetached = async (
  contentDigest: Uint8Array,
  certificate: SealCertificate,
  sealer: Sealer,
): Promise<Uint8Array> => {
  const signedAttributes = setOf(
    attribute(id.contentType, oid(id.data)),
    attribute(id.messageDigest, octetString(contentDigest)),
    attribute(id.signingCertificateV2, signingCertificateV2(certificate)),
  );
  // The signature covers the attributes as a SET (tag 0x31); SignerInfo carries them as [0] IMPLICIT.
  const signature = await sealer.sign(signedAttributes);
  const signerInfo = sequence(
    smallInteger(1),
    sequence(certificate.issuer, certificate.serialNumber),
    sha256Algorithm,
    implicitConstructed(0, signedAttributes),
    ecdsaWithSha256,
    octetString(signature),
  );
  const signedData = sequence(
    smallInteger(1),
    setOf(sha256Algorithm),
    sequence(oid(id.data)),
    tlv(0xa0, certificate.der),
    setOf(signerInfo),
  );
  return sequence(oid(id.signedData), explicit(0, signedData));
};

export const sha256 = (...parts: readonly Uint8Array[]): Uint8Array => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
