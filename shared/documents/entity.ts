/**
 * Where the documents' own items live in the table: the sealing key's
 * certificate, one item per key id, issued once and shared by every function
 * that seals a PDF.
 */
export const sealCertificateKey = (keyId: string) => ({ pk: `SEAL_CERTIFICATE#${keyId}`, sk: 'CERTIFICATE' });

export const sealCertificateItem = (keyId: string, der: Uint8Array) => ({
  ...sealCertificateKey(keyId),
  entity: 'sealCertificate',
  keyId,
  der,
});
