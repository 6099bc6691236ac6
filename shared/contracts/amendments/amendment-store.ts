import { now } from '../../clock.ts';
import { NotFound } from '../../db/errors.ts';
import { todayOf } from '../computed-dates.ts';
import type { ContractWithSignatures } from '../schema.ts';
import { contractOfItems, queryContractItems } from '../store.ts';
import { amendmentFromItem } from './amendment-entity.ts';
import type { Amendment } from './amendment-schema.ts';
import { amendmentAsOf } from './in-force.ts';

/*
 * A contract with its amendments, from the same one Query as the contract itself (its amendments sort under
 * its prefix). Apart from store.ts so that the functions which never read an amendment do not bundle them.
 */

export interface ContractAndAmendments {
  contract: ContractWithSignatures;
  /** Oldest first, each as of today (an offer not signed in time reads `expired`). */
  amendments: Amendment[];
}

/** The contract and its amendments; a `NotFound` when there is no contract. */
export const getContractAndAmendments = async (id: string): Promise<ContractAndAmendments> => {
  const items = await queryContractItems(id);
  const at = now();
  const contract = contractOfItems(items, at);
  if (!contract) throw new NotFound('contract');
  const today = todayOf(contract, at);
  const amendments = items
    .filter((item) => item.entity === 'amendment')
    .map((item) => amendmentAsOf(amendmentFromItem(item), today));
  return { contract, amendments };
};
