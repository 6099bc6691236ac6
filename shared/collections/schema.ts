import * as v from 'valibot';
import { calendarDay, dateRecord } from '../contracts/fields.ts';
import { schemaMessage } from '../messages/index.ts';
import { money } from '../schema/fields.ts';
import { listQuery } from '../schema/list-query.ts';
import { listEnvelope, recordId } from '../schema/record.ts';
import { CollectionRecord } from './collection-record.ts';
import { returnReasonCodes } from './return-reasons.ts';
import { collectionTexts } from './texts.ts';

/* A collection of SEPA direct debits (docs/collections.md): what the API takes and answers, written once. */

// BGH Xa ZR 40/08: a return costs the member what the bank charged; banks charge a few euros, never 15.
const maxBankFee = 1500;

export const CollectionInput = v.strictObject({ collectionDate: calendarDay() });
export type CollectionInput = v.InferOutput<typeof CollectionInput>;

export const CollectionListQuery = listQuery({});
export const CollectionList = listEnvelope(CollectionRecord);

export const ReturnInput = v.strictObject({
  endToEndId: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(35)),
  reasonCode: v.pipe(
    v.string(),
    v.trim(),
    v.picklist(returnReasonCodes, collectionTexts.schemaMessage('unknownReasonCode')),
  ),
  returnedOn: calendarDay(),
  /** What the bank charged for this return, 0 to 15.00 € (docs/accounts.md): only its own charge is passed on. */
  bankFee: v.optional(
    v.strictObject({
      amount: v.pipe(
        v.number(schemaMessage('field.mustBeNumber')),
        v.integer(schemaMessage('field.integerRange', 0, maxBankFee)),
        v.minValue(0, schemaMessage('field.integerRange', 0, maxBankFee)),
        v.maxValue(maxBankFee, schemaMessage('field.integerRange', 0, maxBankFee)),
      ),
      currency: v.picklist(['EUR'], schemaMessage('field.oneOf', ['EUR'])),
    }),
    { amount: 0, currency: 'EUR' },
  ),
});
export type ReturnInput = v.InferOutput<typeof ReturnInput>;

/** The answer of `POST /api/collections/:id/returns`: the return as recorded, and what it did to the mandate. */
export const ReturnRecord = v.object({
  collectionId: recordId(),
  endToEndId: v.string(),
  contractId: recordId(),
  amount: money(),
  reasonCode: v.picklist(returnReasonCodes),
  returnedOn: dateRecord(),
  /** True when the reason ends the mandate (MD01, AC04, AC06, MD07, SL01) and this return revoked it. */
  mandateRevoked: v.boolean(),
  /** What the bank charged, booked on the member's account as `bank-fee`. */
  bankFee: money(),
  /** Whether the due is collected again (AM04, MS03, at most twice, after its Vorabankündigung). */
  collectable: v.boolean(),
});
export type ReturnAnswer = v.InferOutput<typeof ReturnRecord>;
