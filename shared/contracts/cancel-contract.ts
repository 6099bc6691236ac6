import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';
import { Problem } from '../http/problem.ts';
import { contractKey, contractStatusPartition } from './keys.ts';
import { getExistingContract } from './read-contracts.ts';
import type { ContractWithSignatures } from './schema.ts';

/** Cancels a pending or signed contract; a cancelled one stays as it is (409). */
export const cancelContract = async (
  id: string,
  reason: string,
  cancelledBy: string,
): Promise<ContractWithSignatures> => {
  const now = new Date().toISOString();
  try {
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
          ':reason': reason,
          ':cancelledBy': cancelledBy,
          ':one': 1,
          ':statusPartition': contractStatusPartition('cancelled'),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    if (!error.Item) throw new Problem('not-found', 'Kein Vertrag hat diese ID');
    throw new Problem('conflict', 'Der Vertrag ist bereits gekündigt');
  }
  return getExistingContract(id);
};
