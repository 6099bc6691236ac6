import type { ContractStatus } from './schema.ts';

/*
 * A contract's partition and its status list, apart from entity.ts and its schemas: the collections read
 * contracts' partitions by these keys without bundling the contract schemas and their texts.
 */
export const contractPartition = (id: string) => `CONTRACT#${id}`;
/** The sort key of the contract's item and the prefix of everything its one Query reads with it. */
export const contractSortPrefix = 'CONTRACT';
export const contractStatusPartition = (status: ContractStatus) => `CONTRACTS#${status}`;
export const contractsOfContactPartition = (contactId: string) => `CONTACT#${contactId}#CONTRACTS`;
