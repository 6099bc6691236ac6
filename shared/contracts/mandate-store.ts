import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';
import { NotFound } from '../db/errors.ts';
import { contractKey, contractPartition, mandateFromItem, mandateSortPrefix } from './entity.ts';
import type { Mandate, MandateWithText } from './mandate-schema.ts';
import { mandateText } from './mandate-text.ts';

/*
 * The reads of a contract's mandates. They share the contract's partition (entity.ts): the sort keys
 * from `CONTRACT` to the last `CONTRACT#MANDATE#…` hold the contract, its copies and its mandates,
 * oldest first, so one Query answers whether the contract exists and what mandates it has.
 */

// After every mandate's key (`CONTRACT#MANDATE#001`, …): `~` sorts after the digits.
const afterTheLastMandate = `${mandateSortPrefix}~`;

/** All mandates of a contract, oldest first; a `NotFound` when there is no contract. */
export const getExistingMandates = async (contractId: string): Promise<Mandate[]> => {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :contract AND :end',
      ExpressionAttributeValues: {
        ':pk': contractPartition(contractId),
        ':contract': contractKey(contractId).sk,
        ':end': afterTheLastMandate,
      },
      ConsistentRead: true,
    }),
  );
  if (!Items.some((item) => item.entity === 'contract')) throw new NotFound('contract');
  return Items.filter((item) => item.entity === 'mandate').map(mandateFromItem);
};

/** The current mandate (the newest) with its text; a `NotFound` for the contract, or for the mandate when it has none. */
export const getCurrentMandate = async (contractId: string): Promise<MandateWithText> => {
  const mandate = (await getExistingMandates(contractId)).at(-1);
  if (!mandate) throw new NotFound('mandate');
  return { ...mandate, text: mandateText(mandate) };
};
