import { now } from '../clock.ts';
import { ConditionFailed, WriteContention } from '../db/errors.ts';
import { write } from '../db/write.ts';
import { Problem } from '../http/problem.ts';
import { withComputedDates } from './computed-dates.ts';
import type { ContractWithSignatures } from './schema.ts';
import { getExistingContract } from './store.ts';
import { contractTexts } from './texts.ts';
import { cancellationWrites } from './writes.ts';

const maxAttempts = 5;

const notCancellable = (contract: ContractWithSignatures): Problem => {
  if (contract.status === 'cancelled') return new Problem('conflict', contractTexts.localized('alreadyCancelled'));
  // A signed membership binds both sides: it ends by termination, on the day the law sets, never on the spot.
  return new Problem('conflict', contractTexts.localized('signedNotCancellable', contract.id));
};

/** „Stornierung“: withdraws a pending (unsigned) offer; anything else is a 409. */
export const cancelContract = async (
  id: string,
  reason: string,
  cancelledBy: string,
): Promise<ContractWithSignatures> => {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const contract = await getExistingContract(id);
    if (contract.status !== 'pending') throw notCancellable(contract);
    const at = now();
    const cancelledAt = at.toISOString();
    const cancelled = withComputedDates(
      {
        ...contract,
        status: 'cancelled' as const,
        cancelledAt,
        cancellationReason: reason,
        cancelledBy,
        updatedAt: cancelledAt,
        version: contract.version + 1,
      },
      at,
    );
    try {
      await write(cancellationWrites(cancelled), {
        result: cancelled,
        change: { type: 'contract.cancelled', id, version: cancelled.version },
      });
      return cancelled;
    } catch (error) {
      // The contract changed since it was read (signed meanwhile): decide again on the fresh state.
      if (!(error instanceof ConditionFailed)) throw error;
    }
  }
  throw new WriteContention();
};
