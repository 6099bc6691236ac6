import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../../clock.ts';
import { documentClient, tableName } from '../../db/client.ts';
import { NotFound } from '../../db/errors.ts';
import { todayOf } from '../computed-dates.ts';
import type { ContractWithSignatures } from '../schema.ts';
import { contractOfItems, queryContractItems } from '../store.ts';
import { amendmentFromItem, amendmentLookupPartition, amendmentSortPrefix } from './amendment-entity.ts';
import type { Amendment } from './amendment-schema.ts';
import { amendmentAsOf } from './in-force.ts';

/*
 * A contract with its amendments, in one Query: the amendments sort right before the contract's keys
 * (amendment-entity.ts). Apart from store.ts so that the functions which never read an amendment do not bundle them.
 */

export interface ContractAndAmendments {
  contract: ContractWithSignatures;
  /** Oldest first, each as of today (an offer not signed in time reads `expired`). */
  amendments: Amendment[];
}

/** The contract and its amendments from the contract's items (its one Query); a `NotFound` when there is none. */
export const contractAndAmendmentsOf = (items: readonly Record<string, unknown>[]): ContractAndAmendments => {
  const at = now();
  const contract = contractOfItems(items, at);
  if (!contract) throw new NotFound('contract');
  const today = todayOf(contract, at);
  const amendments = items
    .filter((item) => item.entity === 'amendment')
    .map((item) => amendmentAsOf(amendmentFromItem(item), today));
  return { contract, amendments };
};

/** The contract and its amendments; a `NotFound` when there is no contract. */
export const getContractAndAmendments = async (id: string): Promise<ContractAndAmendments> =>
  contractAndAmendmentsOf(await queryContractItems(id, amendmentSortPrefix));

/**
 * The contract of an amendment known by its id only (an event's `data.id`), from gsi1; undefined while the index
 * has not caught up with the write (it is eventually consistent) or when there is no such amendment.
 */
export const contractIdOfAmendment = async (amendmentId: string): Promise<string | undefined> => {
  const { Items } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': amendmentLookupPartition(amendmentId) },
      ProjectionExpression: 'contractId',
    }),
  );
  const contractId = Items?.[0]?.contractId;
  return typeof contractId === 'string' ? contractId : undefined;
};
