import * as v from 'valibot';
import { AccountSummaryRecord } from '../accounts/summary-schema.ts';
import { Address } from '../contacts/schema.ts';
import { languageOfIssue, type SchemaMessage, schemaMessage, text } from '../messages/index.ts';
import { money, optionalText } from '../schema/fields.ts';
import { listQuery } from '../schema/list-query.ts';
import { listEnvelope, outputEntries, recordId, recordVersion, timestamp, userSub } from '../schema/record.ts';
import { StudioCopyRecord } from '../studio/schema.ts';
import { AmendmentInForceRecord, PauseInForceRecord } from './amendments/in-force-schema.ts';
import { maxNoticeValue, type NoticeUnit, noticeUnits } from './dates.ts';
import { ContractCopyRecord } from './document/copy-schema.ts';
import { calendarDay, dateRecord, documentHash, mustBeString, recordReference, wholeNumber } from './fields.ts';
import { ContractItemRecord } from './item-record.ts';
import { MandateRecord } from './mandates/mandate-schema.ts';
import { SignatureRecord } from './signature-schema.ts';
import { TerminationRecord } from './termination/termination-schema.ts';
import { contractTexts } from './texts.ts';
import { WithdrawalRecord } from './withdrawal/withdrawal-schema.ts';

/* The contract itself: what a request asks for, what is agreed and kept, and how lists and reads return it. */

/** A unit price agreed at signing for the item's billing periods from `from` on („ab dem 13. Monat 45,00 €“). */
const PriceStepInput = v.strictObject({ from: calendarDay(), unitPrice: money() });

/** At most this many price steps per item. */
export const maxPriceSteps = 10;

const ContractItemInput = v.strictObject({
  serviceId: recordReference(),
  quantity: v.optional(wholeNumber(1, 1000), 1),
  // Whether each `from` starts one of the item's billing periods needs the service's interval: build-contract.ts.
  priceSteps: v.optional(
    v.pipe(
      v.array(PriceStepInput, contractTexts.schemaMessage('mustBeList')),
      v.maxLength(maxPriceSteps, contractTexts.schemaMessage('atMostPriceSteps', maxPriceSteps)),
    ),
    [],
  ),
});

export const renewals = ['indefinite', 'none'] as const;

/**
 * The notice a termination must keep. Each unit's bound never exceeds one month, whatever the
 * calendar date (§ 309 Nr. 9 Buchst. c BGB): 28 days and 4 weeks fit even into February, while
 * 31 days would exceed the month before e.g. 15 May. One variant per unit carries its own maximum,
 * so the published document states the same bound the server checks.
 */
const noticeOf = (unit: NoticeUnit) =>
  v.strictObject({
    value: v.pipe(
      v.number(schemaMessage('field.mustBeNumber')),
      v.integer(schemaMessage('field.mustBeInteger')),
      v.minValue(0, schemaMessage('field.notNegative')),
      v.maxValue(maxNoticeValue[unit], contractTexts.schemaMessage('noticePeriodTooLong', maxNoticeValue[unit], unit)),
    ),
    unit: v.literal(unit),
  });

// A variant names one message for whatever it refuses: a non-object, a missing unit, an unknown unit.
const noticeMessage: SchemaMessage = (issue) => {
  const language = languageOfIssue(issue);
  const { path, input } = issue as v.BaseIssue<unknown>;
  if (!path) return text(language, 'validation.mustBeObject');
  return input === undefined ? text(language, 'field.required') : text(language, 'field.oneOf', noticeUnits);
};

export const NoticePeriodInput = v.variant('unit', noticeUnits.map(noticeOf), noticeMessage);

/** The latest start whose computed dates (24 months and a notice later) can still be written as `YYYY-MM-DD`. */
export const latestStartDate = '9997-12-31';

/** The agreed fields of `POST /api/contracts`; `ContractInput` (create-input.ts) adds the direct debit and the checks across fields. */
export const ContractInputFields = v.strictObject({
  contactId: recordReference(),
  items: v.pipe(
    v.array(ContractItemInput, contractTexts.schemaMessage('mustBeList')),
    v.minLength(1, contractTexts.schemaMessage('atLeastOneItem')),
    v.maxLength(50, contractTexts.schemaMessage('atMostItems', 50)),
  ),
  startDate: v.pipe(
    calendarDay(),
    v.check((date) => date <= latestStartDate, contractTexts.schemaMessage('notAfter', latestStartDate)),
  ),
  // § 309 Nr. 9 Buchst. a BGB: a consumer contract may bind for at most 24 months initially.
  minimumTermMonths: v.optional(wholeNumber(0, 24, contractTexts.schemaMessage('minimumTermMonths')), 0),
  renewal: v.optional(v.picklist(renewals, schemaMessage('field.oneOf', renewals)), 'indefinite'),
  noticePeriod: v.optional(NoticePeriodInput, { value: 1, unit: 'month' }),
  terms: optionalText(20_000),
  requireStudioSignature: v.optional(v.boolean(schemaMessage('field.trueOrFalse')), false),
});

export const contractStatuses = ['pending', 'signed', 'cancelled', 'terminated', 'withdrawn'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

export const ContractListQuery = listQuery({
  contactId: v.optional(v.pipe(v.string(mustBeString), v.trim(), v.nonEmpty(schemaMessage('field.mustNotBeEmpty')))),
  status: v.optional(v.picklist(contractStatuses, schemaMessage('field.oneOf', contractStatuses))),
});

export { type ContractItem, ContractItemRecord, type PriceStep, PriceStepRecord } from './item-record.ts';

/** The contract's copy of the contact at creation. */
export const ContactCopyRecord = v.object({
  firstName: v.string(),
  lastName: v.string(),
  email: v.nullable(v.string()),
  address: v.nullable(Address),
});
export type ContactCopy = v.InferOutput<typeof ContactCopyRecord>;

/** The sum of the item totals per billing interval; only intervals that occur are present. */
export const ContractTotals = v.object({
  once: v.optional(money()),
  week: v.optional(money()),
  month: v.optional(money()),
  quarter: v.optional(money()),
  year: v.optional(money()),
});

const agreed = outputEntries(ContractInputFields.entries);

/** What was agreed: fixed at creation, covered by the document hash. */
export const ContractContentRecord = v.object({
  id: recordId(),
  number: v.pipe(v.string(), v.regex(/^\d{4}-\d{6}$/)),
  studio: StudioCopyRecord,
  contactId: v.string(),
  contact: ContactCopyRecord,
  items: v.array(ContractItemRecord),
  totals: ContractTotals,
  startDate: agreed.startDate,
  minimumTermMonths: agreed.minimumTermMonths,
  renewal: agreed.renewal,
  noticePeriod: agreed.noticePeriod,
  terms: agreed.terms,
  requireStudioSignature: agreed.requireStudioSignature,
  createdAt: timestamp(),
  /** Which fields the document hash covers (content-versions.ts); 1 for a contract that records none. */
  contentVersion: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type ContractContent = v.InferOutput<typeof ContractContentRecord>;

/** A contract as the table holds it: what was agreed and where its life stands. */
export const StoredContractRecord = v.object({
  ...ContractContentRecord.entries,
  status: v.picklist(contractStatuses),
  documentHash: documentHash(),
  /** The `sub` of the user who created the contract. */
  createdBy: userSub(),
  cancelledAt: v.nullable(timestamp()),
  cancellationReason: v.nullable(v.string()),
  /** The `sub` of the user who cancelled the contract. */
  cancelledBy: v.nullable(userSub()),
  termination: v.nullable(TerminationRecord),
  /** The right of withdrawal of a contract concluded away from the studio; null for one signed at the counter. */
  withdrawal: v.nullable(WithdrawalRecord),
  /**
   * The member's account as last booked (docs/accounts.md): kept on the contract's item, so every answer and list
   * item shows it without another read. The ledger's writes set it, never the contract's: its `version` stays.
   */
  account: AccountSummaryRecord,
  /** Agreed pauses (docs/amendments.md): kept with the contract so that every read and list computes its dates. */
  pauses: v.array(PauseInForceRecord),
  /** Agreed amendments, oldest first; offered, declined, expired and cancelled ones are listed under `…/amendments`. */
  amendments: v.array(AmendmentInForceRecord),
  updatedAt: timestamp(),
  version: recordVersion(),
});
export type StoredContract = v.InferOutput<typeof StoredContractRecord>;

/** Dates computed on every read from the stored term and today in the studio's zone; never stored, not hashed. */
export const ComputedDatesRecord = v.object({
  minimumTermEndsOn: v.nullable(dateRecord()),
  endsOn: v.nullable(dateRecord()),
  earliestEndOn: v.nullable(dateRecord()),
});
export type ComputedDates = v.InferOutput<typeof ComputedDatesRecord>;

/** A contract as lists return it. */
export const ContractRecord = v.object({ ...StoredContractRecord.entries, ...ComputedDatesRecord.entries });
export type Contract = v.InferOutput<typeof ContractRecord>;

/** A contract with its signatures: the answer of get, create, sign, cancel and terminate. */
export const ContractWithSignaturesRecord = v.object({
  ...ContractRecord.entries,
  signatures: v.array(SignatureRecord),
  copies: v.array(ContractCopyRecord),
  /** The current SEPA mandate (the newest), null without a direct debit: a record of its own, not covered by the document hash. */
  mandate: v.nullable(MandateRecord),
});
export type ContractWithSignatures = v.InferOutput<typeof ContractWithSignaturesRecord>;

export const ContractList = listEnvelope(ContractRecord);

/** The answer of `GET /api/contracts/:id/termination-preview`. */
export const TerminationPreviewRecord = v.object({
  receivedOn: dateRecord(),
  minimumTermEndsOn: v.nullable(dateRecord()),
  noticePeriod: agreed.noticePeriod,
  earliestEndOn: dateRecord(),
});
export type TerminationPreview = v.InferOutput<typeof TerminationPreviewRecord>;
