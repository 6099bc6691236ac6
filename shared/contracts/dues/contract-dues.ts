import { queryContractThroughStoredDues, storedDuesAmong } from '../../collections/stored-due-items.ts';
import { NotFound } from '../../db/errors.ts';
import type { Due } from '../../sepa/dues.ts';
import { endsOnOf, todayOf } from '../computed-dates.ts';
import type { StoredContract } from '../schema.ts';
import { storedContractOfItems } from '../store.ts';
import { contractTexts } from '../texts.ts';
import { type DuesRange, duesRangeOf, duesRangeProblem } from './dues-range.ts';
import type { DueAnswer, DueList, DuesQuery } from './dues-schema.ts';
import { owedDuesOf } from './owed-dues.ts';
import { withStoredDues } from './stored-dues.ts';

/** A due as computed, before any collection touched it. */
const plannedDue = (due: Due): DueAnswer => ({
  id: due.id,
  dueOn: due.dueOn,
  periodStart: due.periodStart,
  periodEnd: due.periodEnd,
  amount: due.amount,
  lines: due.lines,
  status: 'planned',
  collectionId: null,
  returnedOn: null,
  returnReason: null,
  representations: 0,
  collectable: true,
  preNotifiedOn: null,
});

const computedDues = (contract: StoredContract, range: DuesRange, toWasAsked: boolean): DueAnswer[] => {
  try {
    return owedDuesOf(contract, range).map(plannedDue);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // Only a range at the very end of year 9999 gets here: its last period has no YYYY-MM-DD end.
    throw duesRangeProblem(toWasAsked ? 'to' : 'from', contractTexts.localized('duesAfterYear9999'));
  }
};

/**
 * A contract's dues in a range (docs/sepa.md, "The dues route"), computed from the contract on
 * every read. A cancelled offer never ran, so it owes nothing; a pending one lists what the
 * customer is about to agree to. A due a collection gathered is stored (`collected`, `returned`) and
 * wins over the computed one. The contract (its agreed amendments on its item) and its stored dues come from one
 * Query.
 */
export const listContractDues = async (id: string, query: DuesQuery): Promise<DueList> => {
  const items = await queryContractThroughStoredDues(id);
  const contract = storedContractOfItems(items);
  if (!contract) throw new NotFound('contract');
  if (contract.status === 'cancelled') return { items: [] };
  const range = duesRangeOf(query, { startDate: contract.startDate, endsOn: endsOnOf(contract) }, todayOf(contract));
  const stored = storedDuesAmong(items, contract, range);
  return { items: withStoredDues(computedDues(contract, range, query.to !== undefined), stored, range) };
};
