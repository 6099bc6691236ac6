import * as v from 'valibot';
import { Address } from '../contacts/schema.ts';
import { languageOfIssue, type SchemaMessage, schemaMessage, text } from '../messages/index.ts';
import { atMostCharacters, emailAddress, money, optionalString, optionalText, requiredText } from '../schema/fields.ts';
import { listQuery } from '../schema/list-query.ts';
import { listEnvelope, outputEntries, recordId, recordVersion, timestamp, userSub } from '../schema/record.ts';
import { billingIntervals } from '../services/schema.ts';
import { SealRecord } from '../signatures/schema.ts';
import { StudioCopyRecord } from '../studio/schema.ts';
import { isCalendarDate, maxNoticeValue, noticeUnits } from './dates.ts';

const wholeNumber = (
  min: number,
  max: number,
  message: SchemaMessage = schemaMessage('field.integerRange', min, max),
) =>
  v.pipe(
    v.number(schemaMessage('field.mustBeNumber')),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
const mustBeString = schemaMessage('field.mustBeString');
const required = schemaMessage('field.required');

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
const calendarDay = () =>
  v.pipe(
    v.string(schemaMessage('field.mustBeDateString')),
    v.trim(),
    v.isoDate(schemaMessage('field.dateFormat')),
    v.check(isCalendarDate, schemaMessage('field.realCalendarDate')),
  );

/** The id of a record of ours, as a request names it; an unknown one is decided later (422). */
const recordReference = () => v.pipe(v.string(mustBeString), v.trim(), v.nonEmpty(required), atMostCharacters(64));

const ContractItemInput = v.strictObject({
  serviceId: recordReference(),
  quantity: v.optional(wholeNumber(1, 1000), 1),
});

export const renewals = ['indefinite', 'none'] as const;

/**
 * The notice a termination must keep. Each unit's bound never exceeds one month, whatever the
 * calendar date (§ 309 Nr. 9 Buchst. c BGB): 28 days and 4 weeks fit even into February, while
 * 31 days would exceed the month before e.g. 15 May.
 */
export const NoticePeriodInput = v.pipe(
  v.strictObject({
    value: v.pipe(
      v.number(schemaMessage('field.mustBeNumber')),
      v.integer(schemaMessage('field.mustBeInteger')),
      v.minValue(0, schemaMessage('field.notNegative')),
    ),
    unit: v.picklist(noticeUnits, schemaMessage('field.oneOf', noticeUnits)),
  }),
  v.forward(
    v.check(
      (notice) => notice.value <= maxNoticeValue[notice.unit],
      (issue) => {
        const unit = (issue.input as { unit: keyof typeof maxNoticeValue }).unit;
        return text(languageOfIssue(issue), 'contracts.noticePeriodTooLong', maxNoticeValue[unit], unit);
      },
    ),
    ['value'],
  ),
);

/** The latest start whose computed dates (24 months and a notice later) can still be written as `YYYY-MM-DD`. */
export const latestStartDate = '9997-12-31';

/** The fields of `POST /api/contracts`; `ContractInput` adds the checks across fields. */
export const ContractInputFields = v.strictObject({
  contactId: recordReference(),
  items: v.pipe(
    v.array(ContractItemInput, schemaMessage('contracts.mustBeList')),
    v.minLength(1, schemaMessage('contracts.atLeastOneItem')),
    v.maxLength(50, schemaMessage('contracts.atMostItems', 50)),
  ),
  startDate: v.pipe(
    calendarDay(),
    v.check((date) => date <= latestStartDate, schemaMessage('contracts.notAfter', latestStartDate)),
  ),
  // § 309 Nr. 9 Buchst. a BGB: a consumer contract may bind for at most 24 months initially.
  minimumTermMonths: v.optional(wholeNumber(0, 24, schemaMessage('contracts.minimumTermMonths')), 0),
  renewal: v.optional(v.picklist(renewals, schemaMessage('field.oneOf', renewals)), 'indefinite'),
  noticePeriod: v.optional(NoticePeriodInput, { value: 1, unit: 'month' }),
  terms: optionalText(20_000),
  requireStudioSignature: v.optional(v.boolean(schemaMessage('field.trueOrFalse')), false),
});

/** Body of `POST /api/contracts`. */
export const ContractInput = v.pipe(
  ContractInputFields,
  v.forward(
    v.partialCheck(
      [['minimumTermMonths'], ['renewal']],
      (input) => input.renewal !== 'none' || input.minimumTermMonths >= 1,
      schemaMessage('contracts.renewalNoneNeedsMinimumTerm'),
    ),
    ['renewal'],
  ),
);
export type ContractInput = v.InferOutput<typeof ContractInput>;

export const signerRoles = ['customer', 'studio'] as const;
export type SignerRole = (typeof signerRoles)[number];

/** Body of `POST /api/contracts/:id/signatures`. */
export const SignatureInput = v.strictObject({
  role: v.picklist(signerRoles, schemaMessage('field.oneOf', signerRoles)),
  signerName: requiredText(200),
  documentHash: v.pipe(
    v.string(mustBeString),
    v.regex(/^sha256:[0-9a-f]{64}$/, schemaMessage('contracts.documentHashFormat')),
  ),
  signatureImage: v.pipe(v.string(mustBeString), v.nonEmpty(required)),
  consent: v.literal(true, schemaMessage('contracts.consentRequired')),
});
export type SignatureInput = v.InferOutput<typeof SignatureInput>;

/** Body of `POST /api/contracts/:id/cancellation`: „Stornierung“ of an unsigned offer. */
export const CancellationInput = v.strictObject({ reason: requiredText(2000) });

export const terminationKinds = ['ordinary', 'extraordinary'] as const;
export type TerminationKind = (typeof terminationKinds)[number];

const requiredForExtraordinary = schemaMessage('contracts.requiredForExtraordinary');

/** Body of `POST /api/contracts/:id/termination`: „Kündigung“ of a signed contract (API.md §9). */
export const TerminationInput = v.pipe(
  v.strictObject({
    kind: v.optional(v.picklist(terminationKinds, schemaMessage('field.oneOf', terminationKinds)), 'ordinary'),
    receivedOn: v.optional(v.nullable(calendarDay()), null),
    endsOn: v.optional(v.nullable(calendarDay()), null),
    reason: optionalText(2000),
  }),
  // § 314 BGB: a termination without notice needs a compelling reason, and names its own end.
  v.forward(
    v.partialCheck(
      [['kind'], ['reason']],
      (input) => input.kind !== 'extraordinary' || input.reason !== null,
      requiredForExtraordinary,
    ),
    ['reason'],
  ),
  v.forward(
    v.partialCheck(
      [['kind'], ['endsOn']],
      (input) => input.kind !== 'extraordinary' || input.endsOn !== null,
      requiredForExtraordinary,
    ),
    ['endsOn'],
  ),
);
export type TerminationInput = v.InferOutput<typeof TerminationInput>;

/** Query of `GET /api/contracts/:id/termination-preview`. */
export const TerminationPreviewQuery = v.strictObject({ receivedOn: v.optional(calendarDay()) });

export const contractStatuses = ['pending', 'signed', 'cancelled', 'terminated'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

export const ContractListQuery = listQuery({
  contactId: v.optional(v.pipe(v.string(mustBeString), v.trim(), v.nonEmpty(schemaMessage('field.mustNotBeEmpty')))),
  status: v.optional(v.picklist(contractStatuses, schemaMessage('field.oneOf', contractStatuses))),
});

const quantity = () => v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000));
const dateRecord = () => v.pipe(v.string(), v.isoDate());

/** One item as the contract holds it: a copy of the service's name and price at creation. */
export const ContractItemRecord = v.object({
  serviceId: v.string(),
  name: v.string(),
  unitPrice: money(),
  billingInterval: v.picklist(billingIntervals),
  quantity: quantity(),
  total: money(),
});
export type ContractItem = v.InferOutput<typeof ContractItemRecord>;

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
});
export type ContractContent = v.InferOutput<typeof ContractContentRecord>;

const documentHash = () => v.pipe(v.string(), v.regex(/^sha256:[0-9a-f]{64}$/));

export const SignatureRecord = v.object({
  id: recordId(),
  role: v.picklist(signerRoles),
  signerName: v.string(),
  documentHash: documentHash(),
  signedAt: timestamp(),
  ipAddress: v.string(),
  userAgent: v.string(),
  imageSha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  seal: SealRecord,
});
export type Signature = v.InferOutput<typeof SignatureRecord>;

/** A recorded termination: when the notice arrived, when the contract ends, and who recorded it. */
export const TerminationRecord = v.object({
  kind: v.picklist(terminationKinds),
  receivedOn: dateRecord(),
  endsOn: dateRecord(),
  reason: v.nullable(v.string()),
  recordedAt: timestamp(),
  /** The `sub` of the user who recorded the termination. */
  recordedBy: userSub(),
});
export type Termination = v.InferOutput<typeof TerminationRecord>;

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
/** A copy of the contract's PDF sent by email (API.md §10). */
export const ContractCopyRecord = v.object({
  id: recordId(),
  to: v.string(),
  sentAt: timestamp(),
  /** The mail service's id of the message (SES's, or the outbox file's locally). */
  messageId: v.string(),
});
export type ContractCopy = v.InferOutput<typeof ContractCopyRecord>;

/** Body of `POST /api/contracts/:id/copies`: the address, by default the contract's contact's. */
export const CopyInput = v.strictObject({ to: optionalString(emailAddress()) });

export const ContractWithSignaturesRecord = v.object({
  ...ContractRecord.entries,
  signatures: v.array(SignatureRecord),
  copies: v.array(ContractCopyRecord),
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

/** The answer of `GET /api/contracts/:id/verification`. */
export const VerificationRecord = v.object({
  valid: v.boolean(),
  documentHash: documentHash(),
  recomputedHash: documentHash(),
  signatures: v.array(
    v.object({ id: recordId(), role: v.picklist(signerRoles), sealValid: v.boolean(), imageValid: v.boolean() }),
  ),
});
export type Verification = v.InferOutput<typeof VerificationRecord>;
