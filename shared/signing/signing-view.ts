import { now } from '../clock.ts';
import { getContractAndAmendments } from '../contracts/amendments/amendment-store.ts';
import { amendmentSummary } from '../contracts/amendments/amendment-summary.ts';
import { getExistingMandates } from '../contracts/mandates/mandate-store.ts';
import { mandateText } from '../contracts/mandates/mandate-text.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import type { SignerRole } from '../contracts/signature-schema.ts';
import { getExistingContract } from '../contracts/store.ts';
import { describeTerm } from '../contracts/term-sentences.ts';
import {
  earlyStartRequest,
  startsWithinPeriod,
  withdrawalForm,
  withdrawalNotice,
} from '../contracts/withdrawal/withdrawal-notice.ts';
import { withdrawalPeriodEndsOn } from '../contracts/withdrawal/withdrawal-period.ts';
import { invalidSigningToken, type PresentedSession } from './find-session.ts';
import type { SigningAmendment, SigningMandate, SigningView, SigningWithdrawal } from './view-schema.ts';

/** Whose name the page offers in its name field: the contact's, or the studio's representative's. */
const expectedSigner = (contract: ContractWithSignatures, role: SignerRole): string =>
  role === 'customer'
    ? `${contract.contact.firstName} ${contract.contact.lastName}`.trim()
    : (contract.studio.representedBy ?? '');

/** The session's mandate step, while the mandate it was opened with is still the pending one. */
const mandateStep = async (contractId: string, mandateHash: string | null): Promise<SigningMandate | null> => {
  if (mandateHash === null) return null;
  const current = (await getExistingMandates(contractId)).at(-1);
  if (current?.status !== 'pending' || current.mandateHash !== mandateHash) return null;
  const { reference, accountHolder, iban, creditor } = current;
  return { text: mandateText(current), reference, mandateHash, accountHolder, iban, creditor };
};

/** The Belehrung a customer signing at home reads before the pad, with the period as it would run from today. */
const withdrawalStep = (
  contract: Pick<ContractWithSignatures, 'studio' | 'number' | 'startDate'>,
  withdrawalPage: string | undefined,
): SigningWithdrawal => {
  const periodEndsOn = withdrawalPeriodEndsOn(now(), contract.studio.timeZone);
  return {
    periodEndsOn,
    notice: withdrawalNotice(contract.studio, withdrawalPage),
    form: withdrawalForm(contract.studio, contract.number),
    earlyStartRequest: startsWithinPeriod(contract.startDate, periodEndsOn)
      ? earlyStartRequest(contract.startDate, periodEndsOn)
      : null,
  };
};

/** An amendment's session: the amendment as of now, in words, with the hash it was opened on. */
const amendmentView = async ({ session }: PresentedSession): Promise<SigningView> => {
  const { contract: withSignatures, amendments } = await getContractAndAmendments(session.contractId);
  const { signatures: _signatures, ...contract } = withSignatures;
  const amendment = amendments.find((candidate) => candidate.id === session.amendmentId);
  // An amendment is never deleted, but a session cannot vouch for that: without it, the link shows nothing.
  if (!amendment) throw invalidSigningToken();
  const step: SigningAmendment = {
    id: amendment.id,
    number: amendment.number,
    kind: amendment.kind,
    status: amendment.status,
    effectiveFrom: amendment.effectiveFrom,
    offerExpiresOn: amendment.offerExpiresOn,
    amendmentHash: session.amendmentHash as string,
    ...amendmentSummary(amendment, contract, amendments),
  };
  return {
    role: session.role,
    channel: session.channel,
    documentHash: session.documentHash,
    expiresAt: session.validUntil,
    signerName: expectedSigner(withSignatures, session.role),
    contractSigned: true,
    contract,
    term: describeTerm(contract),
    mandate: null,
    withdrawal: null,
    amendment: step,
  };
};

/** What the signing page shows: the contract as agreed, its term in words, the mandate after it, and what the signatures must echo. */
export const signingView = async (
  { session }: PresentedSession,
  withdrawalPage: string | undefined,
): Promise<SigningView> => {
  if (session.amendmentId !== null) return amendmentView({ session } as PresentedSession);
  const [{ signatures, ...contract }, mandate] = await Promise.all([
    getExistingContract(session.contractId),
    mandateStep(session.contractId, session.mandateHash),
  ]);
  return {
    role: session.role,
    channel: session.channel,
    documentHash: session.documentHash,
    expiresAt: session.validUntil,
    signerName: expectedSigner({ ...contract, signatures }, session.role),
    contractSigned: signatures.some((signature) => signature.role === session.role),
    contract,
    term: describeTerm(contract),
    mandate,
    withdrawal:
      session.channel === 'remote' && session.role === 'customer' ? withdrawalStep(contract, withdrawalPage) : null,
    amendment: null,
  };
};
