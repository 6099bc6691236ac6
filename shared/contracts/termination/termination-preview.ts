import { Problem } from '../../http/problem.ts';
import { todayOf } from '../computed-dates.ts';
import { type CalendarDate, earliestEndOn } from '../dates.ts';
import type { TerminationPreview } from '../schema.ts';
import { getExistingContract } from '../store.ts';
import { contractTexts } from '../texts.ts';

/**
 * What the counter tells a customer who asks "if I hand in my notice on this
 * day, when am I free?": the earliest end by the rules of docs/decisions.md ("Contract term", "Termination") for any receipt day,
 * today by default. A cancelled offer never ran, so there is nothing to end.
 */
export const previewTermination = async (
  id: string,
  receivedOn: CalendarDate | undefined,
): Promise<TerminationPreview> => {
  const contract = await getExistingContract(id);
  if (contract.status === 'cancelled') {
    throw new Problem('conflict', contractTexts.localized('cancelledNotTerminable'));
  }
  const day = receivedOn ?? todayOf(contract);
  let earliest: CalendarDate;
  try {
    earliest = earliestEndOn(contract, day);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // Only a receipt day at the very end of year 9999 gets here: its end has no YYYY-MM-DD.
    throw new Problem('validation-failed', contractTexts.localized('endAfterYear9999'), {
      errors: [{ path: 'receivedOn', message: contractTexts.localized('endAfterYear9999Field') }],
    });
  }
  return {
    receivedOn: day,
    minimumTermEndsOn: contract.minimumTermEndsOn,
    noticePeriod: contract.noticePeriod,
    earliestEndOn: earliest,
  };
};
