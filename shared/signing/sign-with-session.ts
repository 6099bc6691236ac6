import { now } from '../clock.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { type SigningContext, signContract } from '../contracts/sign-contract.ts';
import { contractTexts } from '../contracts/texts.ts';
import { ConditionFailed } from '../db/errors.ts';
import { Problem } from '../http/problem.ts';
import { invalidSigningToken, type PresentedSession } from './find-session.ts';
import type { SigningInput } from './schema.ts';
import { tokenUse } from './store.ts';
import { signingTexts } from './texts.ts';

/** §4's sign, in the session's role, for the contract and document hash the session was opened on. */
export const signWithSession = async (
  presented: PresentedSession,
  input: SigningInput,
  context: SigningContext,
): Promise<ContractWithSignatures> => {
  const { session } = presented;
  if (session.amendmentId !== null) throw new Problem('conflict', signingTexts.localized('amendmentLink'));
  const { requestedEarlyStart, ...signature } = input;
  // Only the customer's own signature at home concludes the contract away from the studio (§ 312b BGB).
  const away = session.channel === 'remote' && session.role === 'customer';
  if (requestedEarlyStart !== undefined && !away) {
    throw new Problem('validation-failed', signingTexts.localized('earlyStartOnlyRemote'), {
      errors: [{ path: 'requestedEarlyStart', message: signingTexts.localized('earlyStartOnlyRemote') }],
    });
  }
  if (input.documentHash !== session.documentHash) {
    throw new Problem('conflict', signingTexts.localized('documentHashMismatch'), {
      errors: [{ path: 'documentHash', message: contractTexts.localized('contractHasHash', session.documentHash) }],
    });
  }
  // The token is spent in the last step's own transaction, so either both happen or neither: a
  // double tap or a replayed request cannot sign twice, and a refused signature (400, 409) leaves
  // the token usable. With a mandate to follow, the contract's step only checks it is still open.
  const tokenWrite = tokenUse(presented.tokenHash, now(), session.mandateHash === null);
  try {
    return await signContract(
      session.contractId,
      { role: session.role, ...signature },
      context,
      [tokenWrite],
      away ? { requestedEarlyStart: requestedEarlyStart ?? false } : undefined,
    );
  } catch (error) {
    // Only the token's own condition reaches here as ConditionFailed (see signContract).
    if (error instanceof ConditionFailed) throw invalidSigningToken();
    throw error;
  }
};
