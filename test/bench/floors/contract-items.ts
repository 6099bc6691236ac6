import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { contractPartition, contractSortPrefix } from '#shared/contracts/keys.ts';
import { documentClient, tableName } from '#shared/db/client.ts';

/** The contract and its signatures: one strongly consistent Query on the contract's item collection. */
export const readContract = async (id: string): Promise<Record<string, any> | undefined> => {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': contractPartition(id), ':prefix': contractSortPrefix },
      ConsistentRead: true,
    }),
  );
  const contract = Items.find((item) => item.entity === 'contract');
  return contract ? { ...contract, signatures: Items.filter((item) => item.entity === 'signature') } : undefined;
};
