import { now } from '../clock.ts';
import type { Amendment } from '../contracts/amendments/amendment-schema.ts';
import { decideAmendment } from '../contracts/amendments/decide-amendment.ts';
import { signAmendment } from '../contracts/amendments/sign-amendment.ts';
import type { AmendmentSignatureInput } from '../contracts/amendments/signature-input.ts';
import { amendmentTexts } from '../contracts/texts.ts';
import { ConditionFailed } from '../db/errors.ts';
import { Problem } from '../http/problem.ts';
import type { SigningContext } from '../signatures/evidence.ts';
import { invalidSigningToken, type PresentedSession } from './find-session.ts';
import { tokenUse } from './store.ts';
import { signingTexts } from './texts.ts';

/*
 * „Zustimmen“ and „Ablehnen“ on the signing page (docs/amendments.md, "Am Tablet und zu Hause"): the staff routes'
 * own domain functions, for the amendment the session was opened with. Either decision is the session's only
 * step, so its transaction spends the token: a second tap, or the other button after the first, finds it spent.
 */

const amendmentOf = ({ session }: PresentedSession): { contractId: string; amendmentId: string; hash: string } => {
  if (session.amendmentId === null || session.amendmentHash === null) {
    throw new Problem('conflict', signingTexts.localized('noAmendment'));
  }
  return { contractId: session.contractId, amendmentId: session.amendmentId, hash: session.amendmentHash };
};

/** The token's condition is the only one the domain functions hand back as ConditionFailed. */
const spendingToken = async (run: () => Promise<Amendment>): Promise<Amendment> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ConditionFailed) throw invalidSigningToken();
    throw error;
  }
};

/** „Zustimmen“: §17's signature with the session's evidence, given to the hash the page showed. */
export const agreeWithSession = (
  presented: PresentedSession,
  input: AmendmentSignatureInput,
  context: SigningContext,
): Promise<Amendment> => {
  const { contractId, amendmentId, hash } = amendmentOf(presented);
  if (input.amendmentHash !== hash) {
    throw new Problem('conflict', amendmentTexts.localized('amendmentHashMismatch'), {
      errors: [{ path: 'amendmentHash', message: amendmentTexts.localized('amendmentHasHash', hash) }],
    });
  }
  return spendingToken(() =>
    signAmendment(contractId, amendmentId, input, context, [tokenUse(presented.tokenHash, now(), true)]),
  );
};

/** „Ablehnen“: declined as staff would record it, with the customer's reason if one is given. */
export const declineWithSession = (presented: PresentedSession, reason: string | null): Promise<Amendment> => {
  const { contractId, amendmentId } = amendmentOf(presented);
  return spendingToken(() =>
    decideAmendment(contractId, amendmentId, { status: 'declined', reason }, [
      tokenUse(presented.tokenHash, now(), true),
    ]),
  );
};
