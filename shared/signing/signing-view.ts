import { now } from '../clock.ts';
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
import type { PresentedSession } from './find-session.ts';
import type { SigningMandate, SigningView, SigningWithdrawal } from './view-schema.ts';

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

/** What the signing page shows: the contract as agreed, its term in words, the mandate after it, and what the signatures must echo. */
export const signingView = async (
  { session }: PresentedSession,
  withdrawalPage: string | undefined,
): Promise<SigningView> => {
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
  };
};
