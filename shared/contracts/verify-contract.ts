import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';
import { NotFound } from '../db/errors.ts';
import { sha256Hex } from '../hashing.ts';
import { configuredSealer } from '../signatures/configured-sealer.ts';
import { documentHash } from './document-hash.ts';
import { contractFromItem, contractPartition, signatureFromItem } from './entity.ts';
import type { ContractContent, Verification } from './schema.ts';
import { sealedFacts } from './sign-contract.ts';

/**
 * Checks the stored contract against itself: the hash recomputed from the
 * stored content, every seal over the stored signature facts, and every stored
 * image against the hash its seal covers. Any byte changed behind the API's
 * back makes the result invalid.
 */
export const verifyContract = async (id: string): Promise<Verification> => {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': contractPartition(id) },
      ConsistentRead: true,
    }),
  );
  const contractItem = Items.find((item) => item.entity === 'contract');
  if (!contractItem) throw new NotFound('contract');
  const contract = contractFromItem(contractItem);
  const recomputedHash = documentHash(contractItem as ContractContent);
  const sealer = configuredSealer();

  const signatures = await Promise.all(
    Items.filter((item) => item.entity === 'signature').map(async (item) => {
      const signature = signatureFromItem(item);
      const image = Items.find(
        (candidate) => candidate.entity === 'signatureImage' && candidate.sk === `IMAGE#${signature.role}`,
      );
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
