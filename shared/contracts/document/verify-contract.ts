import { sha256Hex } from '../../hashing.ts';
import { configuredSealer } from '../../signatures/configured-sealer.ts';
import type { ContractContent } from '../schema.ts';
import { sealedFacts } from '../sign-contract.ts';
import type { Verification } from '../signature-schema.ts';
import { getExistingContractCollection } from '../store.ts';
import { documentHash } from './document-hash.ts';

/**
 * Checks the stored contract against itself: the hash recomputed from the
 * stored content, every seal over the stored signature facts, and every stored
 * image against the hash its seal covers. Any byte changed behind the API's
 * back makes the result invalid.
 */
export const verifyContract = async (id: string): Promise<Verification> => {
  const { contractItem, contract, signatures: stored, images } = await getExistingContractCollection(id);
  const recomputedHash = documentHash(contractItem as ContractContent);
  const sealer = configuredSealer();

  const signatures = await Promise.all(
    stored.map(async (signature) => {
      const image = images.find((candidate) => candidate.role === signature.role);
      const imageValid = image?.bytes instanceof Uint8Array && sha256Hex(image.bytes) === signature.imageSha256;
      const sealValid =
        signature.documentHash === recomputedHash && (await sealer.verify(sealedFacts(id, signature), signature.seal));
      return { id: signature.id, role: signature.role, sealValid, imageValid };
    }),
  );

  return {
    valid: contract.documentHash === recomputedHash && signatures.every((s) => s.sealValid && s.imageValid),
    documentHash: contract.documentHash,
    recomputedHash,
    signatures,
  };
};
