import * as v from 'valibot';
import { dateRecord } from '../../contracts/fields.ts';
import { schemaMessage } from '../../messages/index.ts';
import { listQuery } from '../../schema/list-query.ts';
import { listEnvelope, recordId } from '../../schema/record.ts';
import { ReminderItemRecord } from '../reminders/schema.ts';
import { positiveEuros } from '../schema.ts';
import { AccountSummaryRecord, signedMoney } from '../summary-schema.ts';

/* The claim handed to a collection agency (docs/accounts.md, "Collection agency"). */

export const closureOutcomes = ['paid', 'partly-paid', 'uncollectable', 'withdrawn'] as const;

export const HandoverRecord = v.object({
  contractId: recordId(),
  /** 1 for the contract's first handover (a withdrawn claim may be handed over again later). */
  number: v.pipe(v.number(), v.integer(), v.minValue(1)),
  handedOverOn: dateRecord(),
  contractNumber: v.string(),
  contactId: recordId(),
  /** The open items handed over, as a reminder lists them. */
  items: v.array(ReminderItemRecord),
  total: signedMoney(),
  /** Null while the agency works on it. */
  outcome: v.nullable(v.picklist(closureOutcomes)),
  paidAmount: v.nullable(signedMoney()),
  closedOn: v.nullable(dateRecord()),
});
export type Handover = v.InferOutput<typeof HandoverRecord>;

/** The answer of a handover and of its closure: the handover and the account's summary after it. */
export const HandoverAnswer = v.object({ ...HandoverRecord.entries, account: AccountSummaryRecord });
export type HandoverAnswer = v.InferOutput<typeof HandoverAnswer>;

export const ClosureInput = v.pipe(
  v.strictObject({
    outcome: v.picklist(closureOutcomes, schemaMessage('field.oneOf', closureOutcomes)),
    /** What the agency paid over; required for `paid` and `partly-paid`. */
    paidAmount: v.optional(v.nullable(positiveEuros()), null),
  }),
  v.forward(
    v.check(
      (input) => !['paid', 'partly-paid'].includes(input.outcome) || input.paidAmount !== null,
      schemaMessage('field.required'),
    ),
    ['paidAmount'],
  ),
);
export type ClosureInput = v.InferOutput<typeof ClosureInput>;

/** One account handed over, as `GET /api/debt-collection` lists it for the agency. */
export const DebtorRecord = v.object({
  contractId: recordId(),
  contractNumber: v.string(),
  handedOverOn: dateRecord(),
  firstName: v.string(),
  lastName: v.string(),
  address: v.nullable(v.object({ street: v.string(), postalCode: v.string(), city: v.string(), country: v.string() })),
  email: v.nullable(v.string()),
  items: v.array(ReminderItemRecord),
  total: signedMoney(),
});
export type Debtor = v.InferOutput<typeof DebtorRecord>;

/** One page of `GET /api/debt-collection`, as every list pages (JSON and CSV alike). */
export const DebtorList = listEnvelope(DebtorRecord);
export type DebtorList = v.InferOutput<typeof DebtorList>;

export const DebtCollectionQuery = listQuery({});
export type DebtCollectionQuery = v.InferOutput<typeof DebtCollectionQuery>;
