import { tableName } from '../db/client.ts';
import { ConditionFailed, WriteContention } from '../db/errors.ts';
import { write } from '../db/write.ts';
import { Problem } from '../http/problem.ts';
import { contractKey, contractStatusIndex } from './entity.ts';
import { getExistingContract } from './read-contracts.ts';
import type { ContractWithSignatures } from './schema.ts';

const maxAttempts = 5;

/** Cancels a pending or signed contract; a cancelled one stays as it is (409). */
export const cancelContract = async (
  id: string,
  reason: string,
  cancelledBy: string,
): Promise<ContractWithSignatures> => {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const contract = await getExistingContract(id);
    if (contract.status === 'cancelled') throw new Problem('conflict', 'Der Vertrag ist bereits storniert');
    const now = new Date().toISOString();
    const cancelled: ContractWithSignatures = {
      ...contract,
      status: 'cancelled',
      cancelledAt: now,
      cancellationReason: reason,
      cancelledBy,
      updatedAt: now,
      version: contract.version + 1,
    };
    try {
      await write(
        [
          {
            Update: {
              TableName: tableName(),
              Key: contractKey(id),
              UpdateExpression:
                'SET #status = :cancelled, cancelledAt = :now, cancellationReason = :reason, cancelledBy = :cancelledBy, updatedAt = :now, #version = :next, gsi3pk = :statusPartition',
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
              ExpressionAttributeValues: {
                ':cancelled': 'cancelled',
                ':now': now,
                ':reason': reason,
                ':cancelledBy': cancelledBy,
                ':version': contract.version,
                ':next': cancelled.version,
                ':statusPartition': contractStatusIndex('cancelled').gsi3pk,
              },
            },
          },
        ],
        { result: cancelled },
      );
      return cancelled;
    } catch (error) {
      // The contract changed since it was read (signed meanwhile): decide again on the fresh state.
      if (!(error instanceof ConditionFailed)) throw error;
    }
  }
  throw new WriteContention();
};
