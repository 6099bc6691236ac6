import type { Amendment } from '../contracts/amendments/amendment-schema.ts';
import { signAmendment } from '../contracts/amendments/sign-amendment.ts';
import type { AmendmentSignatureInput } from '../contracts/amendments/signature-input.ts';
import { amendmentTexts } from '../contracts/texts.ts';
import { Problem } from '../http/problem.ts';
import type { SigningContext } from '../signatures/evidence.ts';
import { amendmentOf, spendingToken } from './amendment-session-step.ts';
import type { PresentedSession } from './find-session.ts';

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
  return spendingToken(presented, (tokenWrite) => signAmendment(contractId, amendmentId, input, context, [tokenWrite]));
};
