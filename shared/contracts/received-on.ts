import { Problem } from '../http/problem.ts';
import { todayOf } from './computed-dates.ts';
import type { CalendarDate } from './dates.ts';
import type { ContractWithSignatures } from './schema.ts';
import { contractTexts } from './texts.ts';

/*
 * The day a customer's declaration (a termination, a withdrawal) reached the studio: given, or today. It
 * cannot lie ahead, and it cannot precede the contract's conclusion.
 */

/**
 * The day the contract became `signed`, in the studio's zone: the signature
 * that completed it (the customer's, or the later of both when the studio must
 * sign too). A notice cannot have arrived for a contract not yet concluded.
 */
export const concludedOn = (contract: ContractWithSignatures): CalendarDate => {
  const needed = contract.signatures.filter(
    (signature) => signature.role === 'customer' || contract.requireStudioSignature,
  );
  const completedAt =
    needed
      .map((signature) => signature.signedAt)
      .sort()
      .at(-1) ?? contract.updatedAt;
  return todayOf(contract, new Date(completedAt));
};

const invalidReceipt = (message: ReturnType<typeof contractTexts.localized>, detail: typeof message) =>
  new Problem('validation-failed', detail, { errors: [{ path: 'receivedOn', message }] });

/** `receivedOn` as given (or today), checked: a 400 names a day in the future or before the conclusion. */
export const checkedReceivedOn = (
  contract: ContractWithSignatures,
  receivedOn: CalendarDate | null,
  today: CalendarDate,
): CalendarDate => {
  const day = receivedOn ?? today;
  if (day > today) {
    throw invalidReceipt(
      contractTexts.localized('receivedInFuture', today),
      contractTexts.localized('receivedInFutureDetail'),
    );
  }
  const concluded = concludedOn(contract);
  if (day < concluded) {
    throw invalidReceipt(
      contractTexts.localized('receivedBeforeSigning', concluded),
      contractTexts.localized('receivedBeforeSigningDetail'),
    );
  }
  return day;
};
