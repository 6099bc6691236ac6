import { createHash, X509Certificate } from 'node:crypto';
import type { Sealer, SealingPublicKey } from '../signatures/sealer.ts';
import {
  bitString,
  boolean,
  children,
  explicit,
  ia5String,
  implicitPrimitive,
  octetString,
  oid,
  readElement,
  sequence,
  setOf,
  smallInteger,
  time,
  tlv,
  unsignedInteger,
  utf8String,
} from './der.ts';

export const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));

/** The certificate of the sealing key, with the parts a CMS signature names. */
export interface SealCertificate {
  der: Uint8Array;
  keyId: string;
  /** DER `Name` of issuer (= subject: the certificate is self-issued). */
  issuer: Uint8Array;
  /** DER `INTEGER`. */
  serialNumber: Uint8Array;
  sha256: Uint8Array;
}

/** Where the certificate is kept once issued: the table in AWS, a file beside the local key. */
export interface CertificateStore {
  load(keyId: string): Promise<Uint8Array | null>;
  save(keyId: string, der: Uint8Array): Promise<void>;
}

// A CN has at most 64 characters (RFC 5280 ub-common-name): a KMS key ARN is longer,
// so the CN names the key's own part and the subjectAltName carries the whole id.
const commonName = (keyId: string) => `Vertragssiegel ${keyId.slice(keyId.lastIndexOf('/') + 1)}`.slice(0, 64);

const subjectName = (keyId: string) => sequence(setOf(sequence(oid('2.5.4.3'), utf8String(commonName(keyId)))));

const extension = (id: string, critical: boolean, value: Uint8Array) =>
  sequence(oid(id), ...(critical ? [boolean(true)] : []), octetString(value));

const publicKeyBits = (spki: Uint8Array) => {
  const [, bits] = children(spki, readElement(spki, 0));
  if (bits?.tag !== 0x03) throw new Error('SubjectPublicKeyInfo without a BIT STRING');
  return spki.subarray(bits.contentStart + 1, bits.end);
};

// The certificate never expires on its own (RFC 5280 §4.1.2.5: 99991231235959Z):
// it names the key, and the key's life is KMS's business.
const noExpiry = tlv(0x18, new TextEncoder().encode('99991231235959Z'));

const tbsCertificate = ({ keyId, spki }: SealingPublicKey, issuedAt: Date) => {
  const name = subjectName(keyId);
  const keyIdentifier = createHash('sha1').update(publicKeyBits(spki)).digest();
  const serial = createHash('sha256').update(spki).update(issuedAt.toISOString()).digest().subarray(0, 16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  return sequence(
    explicit(0, smallInteger(2)),
    unsignedInteger(serial),
    ecdsaWithSha256,
    name,
    sequence(time(issuedAt), noExpiry),
    name,
    spki,
    explicit(
      3,
      sequence(
        extension('2.5.29.19', true, sequence()),
        // digitalSignature and nonRepudiation (contentCommitment): bits 0 and 1, six unused.
        extension('2.5.29.15', true, tlv(0x03, Uint8Array.of(6, 0xc0))),
        extension('2.5.29.14', false, octetString(keyIdentifier)),
        extension('2.5.29.35', false, sequence(implicitPrimitive(0, octetString(keyIdentifier)))),
        extension('2.5.29.17', false, sequence(implicitPrimitive(6, ia5String(keyId)))),
      ),
    ),
  );
};

/**
 * Issues the sealing key's certificate, signed by that same key through the
 * sealer (in AWS the private key never leaves KMS).
 */
export const issueCertificate = async (sealer: Sealer, issuedAt = new Date()): Promise<Uint8Array> => {
  const key = await sealer.publicKey();
  const tbs = tbsCertificate(key, new Date(Math.floor(issuedAt.getTime() / 1000) * 1000));
  return sequence(tbs, ecdsaWithSha256, bitString(await sealer.sign(tbs)));
};

/** Reads back the parts of a certificate that CMS needs, checking it belongs to `key`. */
export const describeCertificate = (der: Uint8Array, key: SealingPublicKey): SealCertificate | null => {
  const certificate = new X509Certificate(der);
  const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
  if (!spki.equals(Buffer.from(key.spki))) return null;
  const [tbs] = children(der, readElement(der, 0));
  if (!tbs) throw new Error('Certificate without a TBSCertificate');
  const [, serial, , issuer] = children(der, tbs);
  if (!serial || !issuer) throw new Error('TBSCertificate without serial number or issuer');
  return {
    der,
    keyId: key.keyId,
    issuer: der.slice(issuer.start, issuer.end),
    serialNumber: der.slice(serial.start, serial.end),
    sha256: createHash('sha256').update(der).digest(),
  };
};

/**
 * The sealing key's certificate: the stored one while it still names the
 * current key, else a new one, issued once and stored.
 */
export const loadOrIssueCertificate = async (store: CertificateStore, sealer: Sealer): Promise<SealCertificate> => {
  const key = await sealer.publicKey();
  const stored = await store.load(key.keyId);
  const current = stored && describeCertificate(stored, key);
  if (current) return current;
  await store.save(key.keyId, await issueCertificate(sealer));
  // Read back: a concurrent first request may have stored its own certificate first, and that one wins.
  const kept = await store.load(key.keyId);
  const described = kept && describeCertificate(kept, key);
  if (!described) throw new Error('The stored seal certificate does not name the sealing key');
  return described;
};
