import * as v from 'valibot';
import { calendarDay, dateRecord } from '../contracts/fields.ts';
import { schemaMessage } from '../messages/index.ts';
import { optionalText, requiredText } from '../schema/fields.ts';
import { recordId } from '../schema/record.ts';
import { AccountSummaryRecord, signedMoney } from './summary-schema.ts';
import { accountTexts } from './texts.ts';

/* The member's account (docs/accounts.md): the ledger's entries, the account as answered, the bookings staff make. */

/**
 * What an entry books. Positive (the member owes): `due`, `return`, `bank-fee`, `reminder-fee`; negative (paid or
 * taken off): `debit`, `payment`, `credit`, `write-off`.
 */
export const entryKinds = [
  'due',
  'debit',
  'return',
  'bank-fee',
  'reminder-fee',
  'payment',
  'credit',
  'write-off',
] as const;
export type EntryKind = (typeof entryKinds)[number];

export const paymentMethods = ['cash', 'card', 'transfer'] as const;

export const EntryRecord = v.object({
  /** Made of what the entry books (`due-<due id>`, `debit-<collection id>-<due id>`, `payment-<ULID>` …): the same fact is never booked twice. */
  id: v.string(),
  bookedOn: dateRecord(),
  kind: v.picklist(entryKinds),
  amount: signedMoney(),
  dueId: v.nullable(v.string()),
  collectionId: v.nullable(recordId()),
  /** The booking text as the member's statements show it (German, as the letters). */
  text: v.string(),
});
export type Entry = v.InferOutput<typeof EntryRecord>;

export const AccountRecord = v.object({
  contractId: recordId(),
  ...AccountSummaryRecord.entries,
  /** Oldest first: by `bookedOn`, then in the order they were booked. */
  entries: v.array(EntryRecord),
});
export type Account = v.InferOutput<typeof AccountRecord>;

const maxAmount = 100_000_000_00;
const euros = (min: number, max: number) => {
  const message = schemaMessage('field.integerRange', min, max);
  return v.strictObject({
    amount: v.pipe(
      v.number(schemaMessage('field.mustBeNumber')),
      v.integer(message),
      v.minValue(min, message),
      v.maxValue(max, message),
    ),
    currency: v.picklist(['EUR'], accountTexts.schemaMessage('euroOnly')),
  });
};

/** Money paid in: more than 0 cents, in euros (the ledger is kept in euros, as SEPA collects them). */
export const positiveEuros = () => euros(1, maxAmount);
/** What the bank charged for a return: 0 to 15.00 euros (docs/accounts.md, "Returns"). */
export const bankFeeEuros = () => euros(0, 1500);

export const PaymentInput = v.strictObject({
  amount: positiveEuros(),
  /** Not in the future: checked against today in the studio's zone, which the contract names (record-payment.ts). */
  paidOn: calendarDay(),
  method: v.picklist(paymentMethods, schemaMessage('field.oneOf', paymentMethods)),
  reference: optionalText(140, { multiline: false }),
});
export type PaymentInput = v.InferOutput<typeof PaymentInput>;

/** A credit (Gutschrift) or a write-off (Ausbuchung): the owner's corrections, each with its reason. */
export const CorrectionInput = v.strictObject({ amount: positiveEuros(), reason: requiredText(500) });
export type CorrectionInput = v.InferOutput<typeof CorrectionInput>;
