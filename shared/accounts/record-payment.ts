import { now } from '../clock.ts';
import { newId } from '../http/ids.ts';
import { Problem } from '../http/problem.ts';
import { bookOnAccount } from './book.ts';
import { bookingTexts } from './booking-texts.ts';
import type { Account, CorrectionInput, Entry, PaymentInput } from './schema.ts';
import { accountTexts } from './texts.ts';

/* Money the member paid or the studio took off (docs/accounts.md, "Payments and corrections"). */

const paidInFuture = (today: string) =>
  new Problem('validation-failed', accountTexts.localized('paidOnInvalid'), {
    errors: [{ path: 'paidOn', message: accountTexts.localized('paidInFuture', today) }],
  });

const booked = async (contractId: string, entryOf: (today: string) => Entry, paid: boolean): Promise<Account> => {
  const { account } = await bookOnAccount(contractId, (state, today) => ({
    entries: [entryOf(today)],
    ...(paid
      ? { change: { type: 'payment.recorded' as const, id: state.contract.id, version: state.sequence + 1 } }
      : {}),
    answer: (after) => after,
  }));
  return account;
};

/**
 * A payment at the counter: books `payment` (negative), which settles the oldest open amounts first; a returned due
 * it pays in full is `settled` and never collected again, what is left over is credit for later dues. The entry's id
 * is made once per request, so DynamoDB's retries of the one transaction book it once; a replayed request (the same
 * Idempotency-Key) answers the stored account and books nothing.
 */
export const recordPayment = (contractId: string, input: PaymentInput): Promise<Account> => {
  const id = `payment-${newId(now().getTime())}`;
  return booked(
    contractId,
    (today) => {
      if (input.paidOn > today) throw paidInFuture(today);
      return {
        id,
        bookedOn: input.paidOn,
        kind: 'payment',
        amount: { amount: -input.amount.amount, currency: 'EUR' },
        dueId: null,
        collectionId: null,
        text: bookingTexts.payment(input.method, input.reference),
      };
    },
    true,
  );
};

/** A credit (Gutschrift) or a write-off (Ausbuchung) by the owner, booked today and settling like a payment. */
export const recordCorrection = (
  contractId: string,
  kind: 'credit' | 'write-off',
  input: CorrectionInput,
): Promise<Account> => {
  const id = `${kind}-${newId(now().getTime())}`;
  return booked(
    contractId,
    (today) => ({
      id,
      bookedOn: today,
      kind,
      amount: { amount: -input.amount.amount, currency: 'EUR' },
      dueId: null,
      collectionId: null,
      text: kind === 'credit' ? bookingTexts.credit(input.reason) : bookingTexts.writeOff(input.reason),
    }),
    false,
  );
};

/**
 * The account with what has come due booked first (a GET that may write: docs/accounts.md, "When dues are booked"),
 * and the count of its entries, which changes with every booking: its ETag.
 */
export const getAccount = async (contractId: string): Promise<{ account: Account; sequence: number }> => {
  const { account, sequence } = await bookOnAccount(contractId, () => ({}));
  return { account, sequence };
};
