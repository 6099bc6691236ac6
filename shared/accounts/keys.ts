import { contractPartition } from '../contracts/keys.ts';

/*
 * The keys of the ledger's entries, apart from entity.ts and its schemas: the Vorabankündigung reads a return's bank
 * fee from the stream's documents-render function without bundling the account's schemas and texts.
 */
export const entrySortPrefix = 'ENTRY#';
export const entryKey = (contractId: string, entryId: string) => ({
  pk: contractPartition(contractId),
  sk: `${entrySortPrefix}${entryId}`,
});
