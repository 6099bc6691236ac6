import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client.ts';
import { NotFound } from '../../db/errors.ts';
import { todayOf } from '../computed-dates.ts';
import {
  contractFromItem,
  contractKey,
  contractPartition,
  mandateFromItem,
  mandateSortPrefix,
  withContentDefaults,
} from '../entity.ts';
import type { StoredContract } from '../schema.ts';
import type { Mandate, MandateWithText } from './mandate-schema.ts';
import { mandateAsOf } from './mandate-status.ts';
import { mandateText } from './mandate-text.ts';

/*
 * The reads of a contract's mandates. They share the contract's partition (entity.ts): the sort keys
 * from `CONTRACT` to the last `CONTRACT#MANDATE#…` hold the contract, its copies and its mandates,
 * oldest first, so one Query answers whether the contract exists and what mandates it has.
 */

// After every mandate's key (`CONTRACT#MANDATE#001`, …): `~` sorts after the digits.
const afterTheLastMandate = `${mandateSortPrefix}~`;

/** A stored mandate with its key, for the writes that change it. */
export interface StoredMandate {
  key: { pk: string; sk: string };
  mandate: Mandate;
}

/** The contract and its mandates as of today (an unused one may have expired), oldest first; a `NotFound` when there is no contract. */
export const getContractMandates = async (
  contractId: string,
): Promise<{ contract: StoredContract; mandates: StoredMandate[] }> => {
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
  const contractItem = Items.find((item) => item.entity === 'contract');
  if (!contractItem) throw new NotFound('contract');
  const contract = withContentDefaults(contractFromItem(contractItem));
  const today = todayOf(contract);
  return {
    contract,
    mandates: Items.filter((item) => item.entity === 'mandate').map((item) => ({
      key: { pk: item.pk as string, sk: item.sk as string },
      mandate: mandateAsOf(mandateFromItem(item), contract.studio.timeZone, today),
    })),
  };
};

/** All mandates of a contract, oldest first; a `NotFound` when there is no contract. */
export const getExistingMandates = async (contractId: string): Promise<Mandate[]> =>
  (await getContractMandates(contractId)).mandates.map(({ mandate }) => mandate);

/** A mandate as `GET …/mandate` shows it: with the text the debtor signs. */
export const withMandateText = (mandate: Mandate): MandateWithText => ({ ...mandate, text: mandateText(mandate) });

/** The current mandate (the newest) with its text; a `NotFound` for the contract, or for the mandate when it has none. */
export const getCurrentMandate = async (contractId: string): Promise<MandateWithText> => {
  const mandate = (await getExistingMandates(contractId)).at(-1);
  if (!mandate) throw new NotFound('mandate');
  return withMandateText(mandate);
};
