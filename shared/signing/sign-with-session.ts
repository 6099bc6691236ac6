import { now } from '../clock.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { type SigningContext, signContract } from '../contracts/sign-contract.ts';
import { contractTexts } from '../contracts/texts.ts';
import { tableName } from '../db/client.ts';
import { ConditionFailed } from '../db/errors.ts';
import type { WriteItem } from '../db/write.ts';
import { Problem } from '../http/problem.ts';
import { copyWindowMs, signingSessionKey } from './entity.ts';
import { invalidSigningToken, type PresentedSession } from './find-session.ts';
import type { SigningInput } from './schema.ts';
import { signingTexts } from './texts.ts';

/**
 * Spends the token: conditional on the session still existing (not replaced), unused and
 * unexpired at this instant. It joins the signature's transaction, so either both happen or
 * neither: a double tap or a replayed request cannot sign twice, and a refused signature
 * (400, 409) leaves the token usable.
 */
const spendToken = ({ tokenHash }: PresentedSession, at: Date): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: signingSessionKey(tokenHash),
    UpdateExpression: 'SET signedAt = :at, expiresAt = :copyUntil',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(signedAt) AND validUntil > :at',
    ExpressionAttributeValues: {
      ':at': at.toISOString(),
      ':copyUntil': Math.ceil((at.getTime() + copyWindowMs) / 1000),
    },
  },
});

/** §4's sign, in the session's role, for the contract and document hash the session was opened on. */
export const signWithSession = async (
  presented: PresentedSession,
  input: SigningInput,
  context: SigningContext,
): Promise<ContractWithSignatures> => {
  const { session } = presented;
  if (input.documentHash !== session.documentHash) {
    throw new Problem('conflict', signingTexts.localized('documentHashMismatch'), {
      errors: [{ path: 'documentHash', message: contractTexts.localized('contractHasHash', session.documentHash) }],
    });
  }
  try {
    return await signContract(session.contractId, { role: session.role, ...input }, context, [
      spendToken(presented, now()),
    ]);
  } catch (error) {
    // Only the token's own condition reaches here as ConditionFailed (see signContract).
    if (error instanceof ConditionFailed) throw invalidSigningToken();
    throw error;
  }
};
