import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { contractPartition } from '#shared/contracts/keys.ts';
import { documentClient, tableName } from '#shared/db/client.ts';
import type { BenchEvent } from '../events.ts';
import { json, pathId } from './reply.ts';

/** GET /api/contracts/{id}/verification: one Query over the whole item collection, images included. */
export const handler = async (event: BenchEvent) => {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': contractPartition(pathId(event)) },
      ConsistentRead: true,
    }),
  );
  const contract = Items.find((item) => item.entity === 'contract');
  return contract ? json(200, { documentHash: contract.documentHash, signatures: Items.length - 1 }) : json(404);
};
