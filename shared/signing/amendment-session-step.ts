import { now } from '../clock.ts';
import type { Amendment } from '../contracts/amendments/amendment-schema.ts';
import { ConditionFailed } from '../db/errors.ts';
import type { WriteItem } from '../db/write.ts';
import { Problem } from '../http/problem.ts';
import { invalidSigningToken, type PresentedSession } from './find-session.ts';
import { tokenUse } from './store.ts';
import { signingTexts } from './texts.ts';

/*
 * „Zustimmen“ and „Ablehnen“ on the signing page (docs/amendments.md, "Am Tablet und zu Hause"): the staff routes'
 * own domain functions, for the amendment the session was opened with. Either decision is the session's only
 * step, so its transaction spends the token: a second tap, or the other button after the first, finds it spent.
 * Each decision is a file of its own (agree-with-session.ts, decline-with-session.ts): declining bundles no
 * signature checks and no seal.
 */

/** The amendment the session was opened with; a contract's session has none (409). */
export const amendmentOf = ({
  session,
}: PresentedSession): { contractId: string; amendmentId: string; hash: string } => {
  if (session.amendmentId === null || session.amendmentHash === null) {
    throw new Problem('conflict', signingTexts.localized('noAmendment'));
  }
  return { contractId: session.contractId, amendmentId: session.amendmentId, hash: session.amendmentHash };
};

/**
 * Runs a decision with the token's use in its transaction; the token's condition is the only one the domain
 * functions hand back as ConditionFailed.
 */
export const spendingToken = async (
  presented: PresentedSession,
  decide: (tokenWrite: WriteItem) => Promise<Amendment>,
): Promise<Amendment> => {
  try {
    return await decide(tokenUse(presented.tokenHash, now(), true));
  } catch (error) {
    if (error instanceof ConditionFailed) throw invalidSigningToken();
    throw error;
  }
};
