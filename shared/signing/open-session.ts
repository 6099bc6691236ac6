import { now } from '../clock.ts';
import { hasEnded, todayOf } from '../contracts/computed-dates.ts';
import { getExistingMandates } from '../contracts/mandates/mandate-store.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import type { SignerRole } from '../contracts/signature-schema.ts';
import { getExistingContract } from '../contracts/store.ts';
import { contractTexts } from '../contracts/texts.ts';
import { ConditionFailed, WriteContention } from '../db/errors.ts';
import { write } from '../db/write.ts';
import { newId } from '../http/ids.ts';
import { Problem } from '../http/problem.ts';
import { defaultMinutes, type SigningSession, type SigningSessionInput } from './open-session-schema.ts';
import { qrCodeSvg } from './qr-code.ts';
import type { StoredSigningSession } from './schema.ts';
import { sendLinkHome } from './send-link-home.ts';
import { currentTokenHash, sessionOpeningWrites } from './store.ts';
import { signingTexts } from './texts.ts';
import { newSigningToken, signingTokenHash } from './token.ts';

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
 *
 * At the counter the answer carries the link (`linkOf(token)`). A remote session's link goes by email
 * before the transaction, once, whatever the attempts: the mail leaves before the session is written (as
 * the customer's copy does), so a session is never stored whose link was not sent, and the answer a
 * keyed retry replays is stored by that same transaction, so a retry after it sends no second mail.
 */
export const openSigningSession = async (
  contractId: string,
  input: SigningSessionInput,
  createdBy: string,
  linkOf: (token: string) => string,
): Promise<SigningSession> => {
  const token = newSigningToken();
  const tokenHash = signingTokenHash(token);
  const minutes = input.expiresInMinutes ?? defaultMinutes[input.channel];
  let sent: { to: string; messageId: string } | undefined;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const [contract, previousHash, mandateHash] = await Promise.all([
      getExistingContract(contractId),
      currentTokenHash(contractId, input.role),
      input.role === 'customer' ? pendingMandateHash(contractId) : null,
    ]);
    const at = now();
    const refusal = notSignable(contract, input.role, todayOf(contract, at));
    if (refusal) throw refusal;

    const session: StoredSigningSession = {
      id: newId(),
      contractId,
      role: input.role,
      channel: input.channel,
      documentHash: contract.documentHash,
      mandateHash,
      createdAt: at.toISOString(),
      createdBy,
      validUntil: new Date(at.getTime() + minutes * 60_000).toISOString(),
      signedAt: null,
    };
    if (input.channel === 'remote') sent ??= await sendLinkHome(contract, input.sendTo, linkOf(token), session);
    const answer: SigningSession = sent
      ? { ...answerOf(session), sentTo: sent.to, messageId: sent.messageId }
      : { ...answerOf(session), url: linkOf(token), qrCodeSvg: qrCodeSvg(linkOf(token)) };
    try {
      // Only a remote answer holds no secret: only it is kept for a keyed retry (the route's Idempotency-Key layer).
      await write(
        sessionOpeningWrites(session, tokenHash, previousHash, contract.version),
        sent ? { result: answer } : {},
      );
      return answer;
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      // Another session was opened, or the contract changed: decide again on the fresh state.
    }
  }
  throw new WriteContention();
};

const answerOf = (session: StoredSigningSession) => ({
  id: session.id,
  contractId: session.contractId,
  role: session.role,
  channel: session.channel,
  expiresAt: session.validUntil,
});
