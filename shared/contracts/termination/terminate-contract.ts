import { now } from '../../clock.ts';
import { ConditionFailed, PreconditionFailed, WriteContention } from '../../db/errors.ts';
import { checkPrecondition } from '../../db/versioned.ts';
import { type WriteItem, write } from '../../db/write.ts';
import type { VersionPrecondition } from '../../http/if-match.ts';
import { type Message, Problem } from '../../http/problem.ts';
import { hasEnded, todayOf, withComputedDates } from '../computed-dates.ts';
import { type CalendarDate, earliestEndOn } from '../dates.ts';
import { checkedReceivedOn } from '../received-on.ts';
import type { ContractStatus, ContractWithSignatures } from '../schema.ts';
import { getExistingContract } from '../store.ts';
import { contractTexts } from '../texts.ts';
import { terminationWrites } from '../writes.ts';
import type { Termination, TerminationInput } from './termination-schema.ts';

const maxAttempts = 5;

const conflict = (detail: Message) => new Problem('conflict', detail);

const invalid = (path: string, message: Message, detail: Message) =>
  new Problem('validation-failed', detail, { errors: [{ path, message }] });

/** Only a running, signed contract can be terminated (docs/decisions.md, "Termination"). */
const notTerminable = (contract: ContractWithSignatures, kind: TerminationInput['kind'], today: CalendarDate) => {
  const byStatus: Record<Exclude<ContractStatus, 'signed'>, Message> = {
    pending: contractTexts.localized('pendingNotTerminable', contract.id),
    cancelled: contractTexts.localized('cancelledNotTerminable'),
    terminated: contractTexts.localized('alreadyTerminated', String(contract.termination?.endsOn)),
    withdrawn: contractTexts.localized('withdrawnNotTerminable', String(contract.withdrawal?.receivedOn)),
  };
  if (contract.status !== 'signed') return conflict(byStatus[contract.status]);
  if (hasEnded(contract, today)) return conflict(contractTexts.localized('ended', String(contract.endsOn)));
  if (kind === 'ordinary' && contract.renewal === 'none') {
    return conflict(contractTexts.localized('endsByItself', String(contract.minimumTermEndsOn)));
  }
  return undefined;
};

/** The day the termination takes effect, by the rules of its kind; a 400 names what is wrong. */
const endOfTermination = (
  contract: ContractWithSignatures,
  input: TerminationInput,
  receivedOn: CalendarDate,
): CalendarDate => {
  if (input.kind === 'extraordinary') {
    // The schema has made `endsOn` required for this kind. § 314 BGB: without notice, but not before the notice arrived.
    const endsOn = input.endsOn ?? receivedOn;
    if (endsOn < receivedOn) {
      throw invalid(
        'endsOn',
        contractTexts.localized('endBeforeReceipt', receivedOn),
        contractTexts.localized('endBeforeReceiptDetail'),
      );
    }
    return endsOn;
  }
  const earliest = earliestEndOn(contract, receivedOn);
  if (input.endsOn === null) return earliest;
  if (input.endsOn < earliest) {
    throw invalid(
      'endsOn',
      contractTexts.localized('endTooEarly', earliest, receivedOn),
      contractTexts.localized('endTooEarlyDetail', earliest),
    );
  }
  return input.endsOn;
};

/**
 * „Kündigung“: records the notice and the day it ends the contract, and moves
 * the contract to `terminated`, in one write conditional on the version read:
 * of two terminations at once, the second finds the first and gets its 409.
 * `alsoWrite` joins the same transaction (a declaration that the termination settles); a failed condition
 * of its own is the caller's `ConditionFailed`, by its index after the contract's writes.
 */
export const terminateContract = async (
  id: string,
  input: TerminationInput,
  recordedBy: string,
  alsoWrite: (terminated: ContractWithSignatures) => readonly WriteItem[] = () => [],
): Promise<ContractWithSignatures> => {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const contract = await getExistingContract(id);
    const at = now();
    const today = todayOf(contract, at);
    const refusal = notTerminable(contract, input.kind, today);
    if (refusal) throw refusal;
    const receivedOn = checkedReceivedOn(contract, input.receivedOn, today);
    const termination: Termination = {
      kind: input.kind,
      receivedOn,
      endsOn: endOfTermination(contract, input, receivedOn),
      reason: input.reason,
      recordedAt: at.toISOString(),
      recordedBy,
    };
    const terminated = withComputedDates(
      {
        ...contract,
        status: 'terminated' as const,
        termination,
        updatedAt: termination.recordedAt,
        version: contract.version + 1,
      },
      at,
    );
    const contractWrites = terminationWrites(terminated);
    try {
      await write([...contractWrites, ...alsoWrite(terminated)], {
        result: terminated,
        change: { type: 'contract.terminated', id, version: terminated.version },
      });
      return terminated;
    } catch (error) {
      // Signed, terminated or withdrawn meanwhile: decide again on the fresh state.
      if (!(error instanceof ConditionFailed) || error.failed.slice(contractWrites.length).some((item) => item.failed))
        throw error;
    }
  }
  throw new WriteContention();
};

/**
 * Retracts a termination before it takes effect (today < `endsOn`): the
 * contract is `signed` again and runs on as agreed. Honours `If-Match`.
 */
export const retractTermination = async (id: string, ifMatch: VersionPrecondition | undefined): Promise<void> => {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const contract = await getExistingContract(id);
    checkPrecondition(ifMatch, contract.version);
    const at = now();
    const today = todayOf(contract, at);
    if (contract.status !== 'terminated' || !contract.termination) {
      throw conflict(contractTexts.localized('notTerminated'));
    }
    if (today >= contract.termination.endsOn) {
      throw conflict(contractTexts.localized('terminationTookEffect', contract.termination.endsOn));
    }
    const withdrawn = {
      ...contract,
      status: 'signed' as const,
      termination: null,
      updatedAt: at.toISOString(),
      version: contract.version + 1,
    };
    try {
      await write(terminationWrites(withdrawn), {
        change: { type: 'contract.termination_withdrawn', id, version: withdrawn.version },
      });
      return;
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      if (ifMatch) throw new PreconditionFailed(undefined);
    }
  }
  throw new WriteContention();
};
