import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock.ts';
import { documentClient, tableName } from '../db/client.ts';
import { NotFound } from '../db/errors.ts';
import { type Page, type PageRequest, queryPage } from '../db/query-page.ts';
import { todayOf, withComputedDates } from './computed-dates.ts';
import {
  contractFromItem,
  contractListKey,
  contractListPartition,
  contractPartition,
  contractSortPrefix,
  contractStatusPartition,
  contractsOfContactPartition,
  copyFromItem,
  mandateFromItem,
  type StoredSignatureImage,
  signatureFromItem,
  signatureImageFromItem,
  signatureImageSortPrefix,
  withContentDefaults,
} from './entity.ts';
import type { Mandate } from './mandates/mandate-schema.ts';
import { mandateAsOf } from './mandates/mandate-status.ts';
import type { Contract, ContractStatus, ContractWithSignatures, StoredContract } from './schema.ts';
import type { Signature } from './signature-schema.ts';

/*
 * The contract's reads. A contract, its signatures, its copies and the signature
 * images share one partition (see entity.ts); the items of its writes are in
 * creation-writes.ts and writes.ts, and the action files (create, sign, cancel,
 * terminate, send a copy) send them.
 */

/** The newest of a contract's mandates (their sort keys count them) as of today, or null without a direct debit. */
const currentMandate = (items: readonly Record<string, unknown>[], contract: StoredContract): Mandate | null => {
  const newest = items.findLast((item) => item.entity === 'mandate');
  return newest ? mandateAsOf(mandateFromItem(newest), contract.studio.timeZone, todayOf(contract)) : null;
};

/**
 * The contract's item collection (contract, signatures, copies, mandates: `CONTRACT` to `CONTRACT#~`), one
 * consistent Query; from an earlier key `from` with what sorts right before it (its amendments, amendment-store.ts).
 */
export const queryContractItems = async (
  id: string,
  from: string = contractSortPrefix,
): Promise<Record<string, unknown>[]> => {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :lastOfContract',
      ExpressionAttributeValues: { ':pk': contractPartition(id), ':from': from, ':lastOfContract': 'CONTRACT#~' },
      ConsistentRead: true,
    }),
  );
  return Items;
};

/** The contract's own record among its partition's items; undefined without one. */
export const storedContractOfItems = (items: readonly Record<string, unknown>[]): StoredContract | undefined => {
  const contractItem = items.find((item) => item.entity === 'contract');
  return contractItem ? withContentDefaults(contractFromItem(contractItem)) : undefined;
};

/** The contract with its signatures, copies and current mandate, its dates as of `at`; undefined without one. */
export const contractOfItems = (
  items: readonly Record<string, unknown>[],
  at: Date = now(),
): ContractWithSignatures | undefined => {
  const stored = storedContractOfItems(items);
  if (!stored) return undefined;
  return withComputedDates(
    {
      ...stored,
      signatures: items.filter((item) => item.entity === 'signature').map(signatureFromItem),
      copies: items.filter((item) => item.entity === 'contractCopy').map(copyFromItem),
      mandate: currentMandate(items, stored),
    },
    at,
  );
};

/** The contract and its signatures, with its dates as of today: one Query on the contract's item collection. */
export const getContract = async (id: string): Promise<ContractWithSignatures | undefined> =>
  contractOfItems(await queryContractItems(id));

export const getExistingContract = async (id: string): Promise<ContractWithSignatures> => {
  const contract = await getContract(id);
  if (!contract) throw new NotFound('contract');
  return contract;
};

/** Newest first; by contact (optionally narrowed by status) or by status, each one Query on an index. */
export const listContracts = (
  request: PageRequest & { contactId?: string | undefined; status?: ContractStatus | undefined },
): Promise<Page<Contract>> => {
  const at = now();
  const toRecord = (item: Record<string, unknown>): Contract =>
    withComputedDates(withContentDefaults(contractFromItem(item)), at);
  const common = {
    limit: request.limit,
    cursor: request.cursor,
    newestFirst: true,
    itemKey: contractListKey,
    toRecord,
  };
  if (request.contactId) {
    return queryPage({
      ...common,
      index: 'gsi2',
      partition: contractsOfContactPartition(request.contactId),
      // One contact's contracts are few, so narrowing them by status stays cheap.
      ...(request.status
        ? {
            filter: {
              expression: '#status = :status',
              names: { '#status': 'status' },
              values: { ':status': request.status },
            },
          }
        : {}),
    });
  }
  if (request.status) {
    return queryPage({ ...common, index: 'gsi3', partition: contractStatusPartition(request.status) });
  }
  return queryPage({ ...common, index: 'gsi1', partition: contractListPartition });
};

/** The stored signature images of a contract: one Query on its item collection, images only. */
export const getSignatureImages = async (contractId: string): Promise<StoredSignatureImage[]> => {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': contractPartition(contractId), ':prefix': signatureImageSortPrefix },
      ConsistentRead: true,
    }),
  );
  return Items.map(signatureImageFromItem);
};

/** Everything stored of a contract, as it is in the table: what verification holds against itself. */
export interface StoredContractCollection {
  /** The contract's item as stored, every attribute: the document hash is recomputed from it. */
  contractItem: Record<string, unknown>;
  contract: StoredContract;
  signatures: Signature[];
  images: StoredSignatureImage[];
}

/** The contract's whole item collection in one Query, images included; a `NotFound` when there is no contract. */
export const getExistingContractCollection = async (id: string): Promise<StoredContractCollection> => {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': contractPartition(id) },
      ConsistentRead: true,
    }),
  );
  const contractItem = Items.find((item) => item.entity === 'contract');
  if (!contractItem) throw new NotFound('contract');
  return {
    contractItem,
    contract: withContentDefaults(contractFromItem(contractItem)),
    signatures: Items.filter((item) => item.entity === 'signature').map(signatureFromItem),
    images: Items.filter((item) => item.entity === 'signatureImage').map(signatureImageFromItem),
  };
};
