import { now } from '../../clock.ts';
import { ConditionFailed, WriteContention } from '../../db/errors.ts';
import { type WriteItem, write } from '../../db/write.ts';
import { Problem } from '../../http/problem.ts';
import { endsOnOf, todayOf, withComputedDates } from '../computed-dates.ts';
import type { CalendarDate } from '../dates.ts';
import { checkedReceivedOn } from '../received-on.ts';
import type { ContractWithSignatures } from '../schema.ts';
import { getExistingContract } from '../store.ts';
import { contractTexts } from '../texts.ts';
import { withdrawalWrites } from '../writes.ts';
import type { Withdrawal, WithdrawalInput } from './withdrawal-schema.ts';

const maxAttempts = 5;

const conflict = (message: ReturnType<typeof contractTexts.localized>) => new Problem('conflict', message);

/**
 * Whether a withdrawal received on `receivedOn` can be recorded: only for a contract with a right of
 * withdrawal, once, in time, and while the contract was still running (a signed or terminated one).
 */
const refusalOf = (
  contract: ContractWithSignatures,
  withdrawal: Withdrawal,
  receivedOn: CalendarDate,
): Problem | undefined => {
  if (contract.status === 'withdrawn') {
    return conflict(contractTexts.localized('alreadyWithdrawn', String(withdrawal.receivedOn)));
  }
  if (contract.status !== 'signed' && contract.status !== 'terminated') {
    return conflict(contractTexts.localized('notWithdrawable', contract.status));
  }
  // The interface compares the day received (docs/decisions.md, "Withdrawal"). § 355 Abs. 1 Satz 5 BGB lets a withdrawal sent in time arrive later:
  // staff then give the day it was sent as `receivedOn` (any past day from the conclusion on is taken).
  if (receivedOn > withdrawal.periodEndsOn) {
    return conflict(contractTexts.localized('withdrawalPeriodOver', withdrawal.periodEndsOn, receivedOn));
  }
  const endsOn = endsOnOf(contract);
  if (endsOn !== null && endsOn < receivedOn) return conflict(contractTexts.localized('endedBeforeWithdrawal', endsOn));
  return undefined;
};

/**
 * „Widerruf“ (§ 355 BGB): the contract ends on the day the withdrawal was received (`endsOn` = `receivedOn`),
 * status `withdrawn`, in one write conditional on the version read. Dues after that day fall away, and
 * the period it falls in is owed pro rata only when the customer asked for an early start (§ 357a Abs. 2
 * BGB; owed-dues.ts). `alsoWrite` joins the same transaction (a declaration that the withdrawal settles);
 * a failed condition of its own is the caller's `ConditionFailed`, by its index after the contract's writes.
 */
export const withdrawContract = async (
  id: string,
  input: WithdrawalInput,
  recordedBy: string,
  alsoWrite: (withdrawn: ContractWithSignatures) => readonly WriteItem[] = () => [],
): Promise<ContractWithSignatures> => {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const contract = await getExistingContract(id);
    const at = now();
    // Only a contract concluded away from the studio has the right (§ 312g Abs. 1 BGB).
    if (!contract.withdrawal) throw conflict(contractTexts.localized('noWithdrawalRight'));
    const receivedOn = checkedReceivedOn(contract, input.receivedOn, todayOf(contract, at));
    const refusal = refusalOf(contract, contract.withdrawal, receivedOn);
    if (refusal) throw refusal;
    const withdrawnAt = at.toISOString();
    const withdrawn = withComputedDates(
      {
        ...contract,
        status: 'withdrawn' as const,
        withdrawal: { ...contract.withdrawal, withdrawnAt, receivedOn, recordedBy },
        updatedAt: withdrawnAt,
        version: contract.version + 1,
      },
      at,
    );
    const contractWrites = withdrawalWrites(withdrawn);
    try {
      await write([...contractWrites, ...alsoWrite(withdrawn)], {
        result: withdrawn,
        change: { type: 'contract.withdrawn', id, version: withdrawn.version },
      });
      return withdrawn;
    } catch (error) {
      // Terminated or withdrawn meanwhile: decide again on the fresh state.
      if (!(error instanceof ConditionFailed) || error.failed.slice(contractWrites.length).some((item) => item.failed))
        throw error;
    }
  }
  throw new WriteContention();
};
