import type { ContractStatus, SignerRole } from './schema.ts';

/**
 * Where a contract lives in the table (see README "Access patterns"). A
 * contract and its signatures share one partition; their sort keys share the
 * prefix `CONTRACT`, so one Query reads the contract with its signatures and
 * leaves the (larger) signature images out.
 */
export const contractPartition = (id: string) => `CONTRACT#${id}`;
export const contractSortPrefix = 'CONTRACT';
export const contractKey = (id: string) => ({ pk: contractPartition(id), sk: 'CONTRACT' });
export const signatureKey = (id: string, role: SignerRole) => ({
  pk: contractPartition(id),
  sk: `CONTRACT#SIGNATURE#${role}`,
});
export const signatureImageKey = (id: string, role: SignerRole) => ({ pk: contractPartition(id), sk: `IMAGE#${role}` });

export const contractListPartition = 'CONTRACTS';
export const contractsOfContactPartition = (contactId: string) => `CONTACT#${contactId}#CONTRACTS`;
export const contractStatusPartition = (status: ContractStatus) => `CONTRACTS#${status}`;

/** The index keys of a contract; its id is a ULID, so sorting by id sorts by creation. */
export const contractIndexAttributes = (contract: { id: string; contactId: string; status: ContractStatus }) => ({
  gsi1pk: contractListPartition,
  gsi1sk: contract.id,
  gsi2pk: contractsOfContactPartition(contract.contactId),
  gsi2sk: contract.id,
  gsi3pk: contractStatusPartition(contract.status),
  gsi3sk: contract.id,
});
