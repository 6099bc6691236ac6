import { type Due, type DueRange, duesOf } from '../../sepa/dues.ts';
import { dueScheduleOf } from '../amendments/in-force.ts';
import { endsOnOf } from '../computed-dates.ts';
import type { StoredContract } from '../schema.ts';

/**
 * What a contract owes by its schedule (docs/sepa.md) as amended: its dues up to its last day, the period that
 * day falls in pro rata. A cancelled offer never ran and owes nothing. A withdrawn contract owes for the time up to the
 * withdrawal only when the customer expressly asked for the service to begin within the period; otherwise
 * nothing at all (§ 357a Abs. 2 BGB: no compensation for services without that request).
 */
export const owedDuesOf = (contract: StoredContract, range: DueRange): Due[] => {
  if (contract.status === 'cancelled') return [];
  if (contract.status === 'withdrawn' && !contract.withdrawal?.requestedEarlyStart) return [];
  // Agreed amendments only (docs/amendments.md, "In force"), as the contract's item keeps them.
  return duesOf({ ...contract, endsOn: endsOnOf(contract), ...dueScheduleOf(contract) }, range);
};
