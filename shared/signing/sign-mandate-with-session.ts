import { now } from '../clock.ts';
import type { MandateWithText } from '../contracts/mandates/mandate-schema.ts';
import type { MandateSignatureInput } from '../contracts/mandates/mandate-signature-schema.ts';
import { signMandate } from '../contracts/mandates/sign-mandate.ts';
import { getExistingContract } from '../contracts/store.ts';
import { contractTexts } from '../contracts/texts.ts';
import { ConditionFailed } from '../db/errors.ts';
import { Problem } from '../http/problem.ts';
import type { SigningContext } from '../signatures/evidence.ts';
import { invalidSigningToken, type PresentedSession } from './find-session.ts';
import { tokenUse } from './store.ts';
import { signingTexts } from './texts.ts';

/**
 * The session's second step: §13's mandate signature, for the mandate the session was opened with,
 * once its role has signed the contract. The mandate is the session's last step, so its
 * transaction spends the token.
 */
export const signMandateWithSession = async (
  presented: PresentedSession,
  input: MandateSignatureInput,
  context: SigningContext,
): Promise<MandateWithText> => {
  const { session } = presented;
  if (session.mandateHash === null) throw new Problem('conflict', signingTexts.localized('noMandate'));
  if (input.mandateHash !== session.mandateHash) {
    throw new Problem('conflict', contractTexts.localized('mandateHashMismatch'), {
      errors: [{ path: 'mandateHash', message: contractTexts.localized('mandateHasHash', session.mandateHash) }],
    });
  }
  // The page shows the contract first: the token is spent by the mandate, so the contract must be
  // signed by then. A signature is never taken back, so reading it once before the write suffices.
  const { signatures } = await getExistingContract(session.contractId);
  if (!signatures.some((signature) => signature.role === session.role)) {
    throw new Problem('conflict', signingTexts.localized('contractFirst'));
  }
  try {
    return await signMandate(session.contractId, input, context, [tokenUse(presented.tokenHash, now(), true)]);
  } catch (error) {
    // Only the token's own condition reaches here as ConditionFailed (see signMandate).
    if (error instanceof ConditionFailed) throw invalidSigningToken();
    throw error;
  }
};
