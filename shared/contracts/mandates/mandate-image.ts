import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client.ts';
import { mandateKey, mandateSignatureImageKey } from '../entity.ts';

/** The n of a mandate's reference (`2026-000001-2` → 2): its place among the contract's mandates and keys. */
export const mandateSequenceOf = (contractNumber: string, reference: string): number =>
  Number(reference.slice(contractNumber.length + 1));

/** A signed mandate's drawn signature (`MANDATE_IMAGE#<nnn>`), or null when none is stored. */
export const getMandateSignatureImage = async (
  contractId: string,
  sequence: number,
): Promise<{ mediaType: 'image/png' | 'image/svg+xml'; bytes: Uint8Array } | null> => {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: mandateSignatureImageKey(mandateKey(contractId, sequence)),
      ConsistentRead: true,
    }),
  );
  return Item ? { mediaType: Item.mediaType as 'image/png' | 'image/svg+xml', bytes: Item.bytes as Uint8Array } : null;
};
