import { now } from '../clock.ts';
import { amendmentKey, amendmentSequenceOf } from '../contracts/amendments/amendment-entity.ts';
import type { Amendment } from '../contracts/amendments/amendment-schema.ts';
import { getContractAndAmendments } from '../contracts/amendments/amendment-store.ts';
import { refuseUnlessOffered, refuseUnlessRunning } from '../contracts/amendments/decide-amendment.ts';
import { hasEnded, todayOf } from '../contracts/computed-dates.ts';
import { getExistingMandates } from '../contracts/mandates/mandate-store.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import type { SignerRole } from '../contracts/signature-schema.ts';
import { getExistingContract } from '../contracts/store.ts';
import { contractTexts } from '../contracts/texts.ts';
import { ConditionFailed, WriteContention } from '../db/errors.ts';
import { versionCheck } from '../db/versioned.ts';
import { type WriteItem, write } from '../db/write.ts';
import { newId } from '../http/ids.ts';
import { Problem } from '../http/problem.ts';
import { notFoundDetail } from '../http/problem-responses.ts';
import { currentAmendmentSessionKey, currentSessionKey } from './keys.ts';
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

/** What a session is opened on: the contract, and its pending mandate or the offered amendment. */
interface SessionSubject {
  contract: ContractWithSignatures;
  mandateHash: string | null;
  amendment: Amendment | null;
}

/** A contract's session: the contract still unsigned in the role, its pending mandate as the customer's second step. */
const contractSubject = async (contractId: string, role: SignerRole, at: Date): Promise<SessionSubject> => {
  const [contract, mandateHash] = await Promise.all([
    getExistingContract(contractId),
    role === 'customer' ? pendingMandateHash(contractId) : null,
  ]);
  const refusal = notSignable(contract, role, todayOf(contract, at));
  if (refusal) throw refusal;
  return { contract, mandateHash, amendment: null };
};

/** An amendment's session (docs/amendments.md, "Am Tablet und zu Hause"): an offered amendment of a running contract. */
const amendmentSubject = async (contractId: string, amendmentId: string, at: Date): Promise<SessionSubject> => {
  const { contract, amendments } = await getContractAndAmendments(contractId);
  const amendment = amendments.find((candidate) => candidate.id === amendmentId);
  // The body names it, not the path: an unknown one is a reference that cannot be used.
  if (!amendment) {
    throw new Problem('unprocessable', notFoundDetail('amendment'), {
      errors: [{ path: 'amendmentId', message: signingTexts.localized('noSuchAmendment') }],
    });
  }
  refuseUnlessOffered(amendment);
  refuseUnlessRunning(contract, todayOf(contract, at));
  return { contract, mandateHash: null, amendment };
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
    const at = now();
    const [{ contract, mandateHash, amendment }, previousHash] = await Promise.all([
      input.amendmentId === null
        ? contractSubject(contractId, input.role, at)
        : amendmentSubject(contractId, input.amendmentId, at),
      currentTokenHash(
        input.amendmentId === null
          ? currentSessionKey(contractId, input.role)
          : currentAmendmentSessionKey(contractId, input.amendmentId),
      ),
    ]);

    const session: StoredSigningSession = {
      id: newId(),
      contractId,
      role: input.role,
      channel: input.channel,
      documentHash: contract.documentHash,
      mandateHash,
      amendmentId: amendment?.id ?? null,
      amendmentHash: amendment?.amendmentHash ?? null,
      createdAt: at.toISOString(),
      createdBy,
      validUntil: new Date(at.getTime() + minutes * 60_000).toISOString(),
      signedAt: null,
    };
    if (input.channel === 'remote') {
      sent ??= await sendLinkHome(contract, input.sendTo, linkOf(token), session, amendment?.number);
    }
    const answer: SigningSession = sent
      ? { ...answerOf(session), sentTo: sent.to, messageId: sent.messageId }
      : { ...answerOf(session), url: linkOf(token), qrCodeSvg: qrCodeSvg(linkOf(token)) };
    try {
      // Only a remote answer holds no secret: only it is kept for a keyed retry (the route's Idempotency-Key layer).
      // The amendment too must still be the offer read: declined or agreed meanwhile, the session is not opened.
      const unchanged: WriteItem[] = amendment
        ? [versionCheck(amendmentKey(contractId, amendmentSequenceOf(amendment.number)), amendment.version)]
        : [];
      await write(
        sessionOpeningWrites(session, tokenHash, previousHash, contract.version, unchanged),
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
  ...(session.amendmentId === null ? {} : { amendmentId: session.amendmentId }),
});
