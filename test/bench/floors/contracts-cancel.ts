import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { contractKey, contractStatusPartition } from '#shared/contracts/keys.ts';
import { documentClient, tableName } from '#shared/db/client.ts';
import type { BenchEvent } from '../events.ts';
import { readContract } from './contract-items.ts';
import { bodyOf, callerSub, json, pathId } from './reply.ts';

/** POST /api/contracts/{id}/cancellation: one conditional UpdateItem, then the Query that reads the result. */
export const handler = async (event: BenchEvent) => {
  const id = pathId(event);
  const now = new Date().toISOString();
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: contractKey(id),
      UpdateExpression:
        'SET #status = :cancelled, cancelledAt = :now, cancellationReason = :reason, cancelledBy = :cancelledBy, updatedAt = :now, #version = #version + :one, gsi3pk = :statusPartition',
      ConditionExpression: 'attribute_exists(pk) AND #status <> :cancelled',
      ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
      ExpressionAttributeValues: {
        ':cancelled': 'cancelled',
        ':now': now,
        ':reason': bodyOf<{ reason: string }>(event).reason,
        ':cancelledBy': callerSub(event),
        ':one': 1,
        ':statusPartition': contractStatusPartition('cancelled'),
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    }),
  );
  return json(200, await readContract(id));
};
