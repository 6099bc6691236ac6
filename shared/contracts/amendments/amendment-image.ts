import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client.ts';
import { amendmentSequenceOf, amendmentSignatureImageKey } from './amendment-entity.ts';
import type { Amendment } from './amendment-schema.ts';

/** An agreed amendment's drawn signature (`AMENDMENT_IMAGE#<k>`), or null when none is stored. */
export const getAmendmentSignatureImage = async (
  amendment: Pick<Amendment, 'contractId' | 'number'>,
): Promise<{ mediaType: 'image/png' | 'image/svg+xml'; bytes: Uint8Array } | null> => {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: amendmentSignatureImageKey(amendment.contractId, amendmentSequenceOf(amendment.number)),
      ConsistentRead: true,
    }),
  );
  return Item ? { mediaType: Item.mediaType as 'image/png' | 'image/svg+xml', bytes: Item.bytes as Uint8Array } : null;
};
