import { now } from '../clock.ts';
import { hasEnded, todayOf } from '../contracts/computed-dates.ts';
import { getExistingMandates } from '../contracts/mandate-store.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import type { SignerRole } from '../contracts/signature-schema.ts';
import { getExistingContract } from '../contracts/store.ts';
import { contractTexts } from '../contracts/texts.ts';
import { ConditionFailed, WriteContention } from '../db/errors.ts';
import { write } from '../db/write.ts';
import { newId } from '../http/ids.ts';
import { Problem } from '../http/problem.ts';
import type { SigningSessionInput } from './open-session-schema.ts';
import type { StoredSigningSession } from './schema.ts';
import { currentTokenHash, sessionOpeningWrites } from './store.ts';
import { signingTexts } from './texts.ts';
import { newSigningToken, signingTokenHash } from './token.ts';

/** A session just opened, with the only copy of its token there will ever be. */
export interface OpenedSigningSession {
  session: StoredSigningSession;
  token: string;
}

const notSignable = (contract: ContractWithSignatures, role: SignerRole, today: string): Problem | undefined => {
  if (contract.status !== 'pending' || hasEnded(contract, today)) {
    return new Problem('conflict', signingTexts.localized('contractNotPending'));
  }
  if (contract.signatures.some((signature) => signature.role === role)) {
    return new Problem('conflict', contractTexts.localized('roleAlreadySigned'), {
      errors: [{ path: 'role', message: contractTexts.localized('alreadySigned') }],
    });
  }
  return undefined;
};

const maxAttempts = 5;

/** The hash of the contract's current mandate when it waits for its signature: the debtor signs it at the same counter. */
const pendingMandateHash = async (contractId: string): Promise<string | null> => {
  const current = (await getExistingMandates(contractId)).at(-1);
  return current?.status === 'pending' ? current.mandateHash : null;
};

/**
 * Opens a session in which one person signs one contract in one role (and, as the customer, the
 * contract's pending SEPA mandate after it). The
 * new session, the pointer to it, the end of the session it replaces and a
 * check that the contract is still the version found are one transaction: a
 * signature or a second session in between makes it decide again.
 */
export const openSigningSession = async (
  contractId: string,
  input: SigningSessionInput,
  createdBy: string,
): Promise<OpenedSigningSession> => {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const [contract, previousHash, mandateHash] = await Promise.all([
      getExistingContract(contractId),
      currentTokenHash(contractId, input.role),
      input.role === 'customer' ? pendingMandateHash(contractId) : null,
    ]);
    const at = now();
    const refusal = notSignable(contract, input.role, todayOf(contract, at));
    if (refusal) throw refusal;

    const token = newSigningToken();
    const tokenHash = signingTokenHash(token);
    const session: StoredSigningSession = {
      id: newId(),
      contractId,
      role: input.role,
      documentHash: contract.documentHash,
      mandateHash,
      createdAt: at.toISOString(),
      createdBy,
      validUntil: new Date(at.getTime() + input.expiresInMinutes * 60_000).toISOString(),
      signedAt: null,
    };
    try {
      await write(sessionOpeningWrites(session, tokenHash, previousHash, contract.version));
      return { session, token };
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      // Another session was opened, or the contract changed: decide again on the fresh state.
    }
  }
  throw new WriteContention();
};
