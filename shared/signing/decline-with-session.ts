import type { Amendment } from '../contracts/amendments/amendment-schema.ts';
import { decideAmendment } from '../contracts/amendments/decide-amendment.ts';
import { amendmentOf, spendingToken } from './amendment-session-step.ts';
import type { PresentedSession } from './find-session.ts';

/** „Ablehnen“: declined as staff would record it, with the customer's reason if one is given. */
export const declineWithSession = (presented: PresentedSession, reason: string | null): Promise<Amendment> => {
  const { contractId, amendmentId } = amendmentOf(presented);
  return spendingToken(presented, (tokenWrite) =>
    decideAmendment(contractId, amendmentId, { status: 'declined', reason }, [tokenWrite]),
  );
};
