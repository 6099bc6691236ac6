import * as v from 'valibot';
import { dateRecord } from '../../contracts/fields.ts';
import { recordId } from '../../schema/record.ts';
import { AccountSummaryRecord, signedMoney } from '../summary-schema.ts';

/* A reminder (Zahlungserinnerung, Mahnung) as kept and answered (docs/accounts.md, "Reminders"). */

/** One open item a reminder lists: a returned due with what of it is open, or a fee not yet paid. */
export const ReminderItemRecord = v.object({
  /** The due's id for a returned due; null for a fee of an earlier reminder. */
  dueId: v.nullable(v.string()),
  /** The booking text (German, as the letter prints it). */
  text: v.string(),
  periodStart: v.nullable(dateRecord()),
  periodEnd: v.nullable(dateRecord()),
  /** What of the due (or the fee) is open, without the bank's fee. */
  amount: signedMoney(),
  returnedOn: v.nullable(dateRecord()),
  returnReason: v.nullable(v.string()),
  /** What is open of the bank's fee for this due's return(s). */
  bankFee: signedMoney(),
});
export type ReminderItem = v.InferOutput<typeof ReminderItemRecord>;

export const ReminderRecord = v.object({
  contractId: recordId(),
  /** 1 for the contract's first reminder, counting on across dunning rounds. */
  number: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** The level it raised the account to: 1 a Zahlungserinnerung, 2 a Mahnung. */
  level: v.picklist([1, 2] as const),
  sentOn: dateRecord(),
  /** 14 days after the letter: pay by then, or the claim may go to a collection agency. */
  deadline: dateRecord(),
  /** What this reminder booked as `reminder-fee` (0 for the first). */
  fee: signedMoney(),
  items: v.array(ReminderItemRecord),
  /** The sum of the items and this reminder's fee: what is overdue after it. */
  total: signedMoney(),
  /** The studio's account the transfer goes to; the contract's number is its reference. */
  iban: v.string(),
});
export type Reminder = v.InferOutput<typeof ReminderRecord>;

/** `POST …/account/reminders` answers the reminder and the account's summary after it. */
export const ReminderAnswer = v.object({ ...ReminderRecord.entries, account: AccountSummaryRecord });
export type ReminderAnswer = v.InferOutput<typeof ReminderAnswer>;
