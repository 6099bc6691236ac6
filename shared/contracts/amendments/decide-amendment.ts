import { now } from '../../clock.ts';
import { ConditionFailed, NotFound, WriteContention } from '../../db/errors.ts';
import { type WriteItem, write } from '../../db/write.ts';
import { Problem } from '../../http/problem.ts';
import { hasEnded } from '../computed-dates.ts';
import type { CalendarDate } from '../dates.ts';
import type { ContractWithSignatures } from '../schema.ts';
import { amendmentTexts, contractTexts } from '../texts.ts';
import type { Amendment } from './amendment-schema.ts';
import { getContractAndAmendments } from './amendment-store.ts';
import { decisionWrites } from './amendment-writes.ts';

/* Declining and cancelling an offer (docs/amendments.md): the amendment alone changes; nothing else does. */

/** The contract, its amendments and the one asked for (each as of today); a `NotFound` names which is missing. */
export const existingAmendment = async (contractId: string, amendmentId: string) => {
  const { contract, amendments } = await getContractAndAmendments(contractId);
  const amendment = amendments.find((candidate) => candidate.id === amendmentId);
  if (!amendment) throw new NotFound('amendment');
  return { contract, amendments, amendment };
};

/** Only an offer still open is decided: an expired one reads `expired` (studio's zone) and is a 409 like any other. */
export const refuseUnlessOffered = (amendment: Amendment) => {
  if (amendment.status === 'expired') {
    throw new Problem('conflict', amendmentTexts.localized('amendmentExpired', amendment.offerExpiresOn));
  }
  if (amendment.status !== 'offered') {
    throw new Problem('conflict', amendmentTexts.localized('amendmentNotOpen', amendment.status));
  }
};

/** Only a running contract is amended, and only its offers decided: signed or terminated, and not ended. */
export const refuseUnlessRunning = (contract: ContractWithSignatures, today: CalendarDate) => {
  if (contract.status !== 'signed' && contract.status !== 'terminated') {
    throw new Problem('conflict', amendmentTexts.localized('amendmentNeedsRunningContract', contract.status));
  }
  if (hasEnded(contract, today))
    throw new Problem('conflict', contractTexts.localized('ended', String(contract.endsOn)));
};

const maxAttempts = 5;

/** `declined` by the customer (staff record it), or `cancelled` by the studio with a reason. */
export const decideAmendment = async (
  contractId: string,
  amendmentId: string,
  decision: { status: 'declined'; reason: string | null } | { status: 'cancelled'; reason: string },
  /** Items the caller needs in the decision's transaction (a signing session's token); their failure is the caller's. */
  extraWrites: readonly WriteItem[] = [],
): Promise<Amendment> => {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const { amendment } = await existingAmendment(contractId, amendmentId);
    refuseUnlessOffered(amendment);
    const at = now().toISOString();
    const next: Amendment = {
      ...amendment,
      status: decision.status,
      ...(decision.status === 'declined'
        ? { declinedAt: at, declineReason: decision.reason }
        : { cancelledAt: at, cancellationReason: decision.reason }),
      updatedAt: at,
      version: amendment.version + 1,
    };
    const writes = decisionWrites(next);
    try {
      await write([...writes, ...extraWrites], {
        result: next,
        change: {
          type: decision.status === 'declined' ? 'amendment.declined' : 'amendment.cancelled',
          id: next.id,
          version: next.version,
        },
      });
      return next;
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      if (extraWrites.some((_, index) => error.at(writes.length + index))) throw error;
    }
  }
  throw new WriteContention();
};
