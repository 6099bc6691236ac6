import * as v from 'valibot';
import { Address } from '../contacts/schema.ts';
import { calendarDate, money, optionalString, optionalText, requiredText } from '../schema/fields.ts';
import { listQuery } from '../schema/list-query.ts';
import { listEnvelope, outputEntries, recordId, recordVersion, timestamp, userSub } from '../schema/record.ts';
import { billingIntervals } from '../services/schema.ts';

const wholeNumber = (min: number, max: number, message: string) =>
  v.pipe(v.number('Muss eine Zahl sein'), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

const ContractItemInput = v.strictObject({
  serviceId: requiredText(64),
  quantity: v.optional(wholeNumber(1, 1000, 'Muss eine ganze Zahl von 1 bis 1000 sein'), 1),
});

/** The fields of `POST /api/contracts`; `ContractInput` adds the checks across fields. */
export const ContractInputFields = v.strictObject({
  contactId: requiredText(64),
  items: v.pipe(
    v.array(ContractItemInput, 'Muss eine Liste sein'),
    v.minLength(1, 'Mindestens eine Position'),
    v.maxLength(50, 'Höchstens 50 Positionen'),
  ),
  startDate: calendarDate(),
  endDate: optionalString(calendarDate()),
  // § 309 Nr. 9 BGB: a consumer contract may bind for at most 24 months
  // initially and require at most one month's notice.
  minimumTermMonths: v.optional(v.nullable(wholeNumber(0, 24, 'Muss 0 bis 24 Monate sein (§ 309 Nr. 9 BGB)')), null),
  noticePeriodDays: v.optional(v.nullable(wholeNumber(0, 31, 'Muss 0 bis 31 Tage sein (§ 309 Nr. 9 BGB)')), null),
  terms: optionalText(20_000),
  requireStudioSignature: v.optional(v.boolean('Muss true oder false sein'), false),
});

/** Body of `POST /api/contracts`. */
export const ContractInput = v.pipe(
  ContractInputFields,
  v.forward(
    v.partialCheck(
      [['startDate'], ['endDate']],
      (input) => input.endDate === null || input.endDate >= input.startDate,
      'Darf nicht vor dem Beginn (startDate) liegen',
    ),
    ['endDate'],
  ),
);
export type ContractInput = v.InferOutput<typeof ContractInput>;

export const signerRoles = ['customer', 'studio'] as const;
export type SignerRole = (typeof signerRoles)[number];

/** Body of `POST /api/contracts/:id/signatures`. */
export const SignatureInput = v.strictObject({
  role: v.picklist(signerRoles, 'Muss customer oder studio sein'),
  signerName: requiredText(200),
  documentHash: v.pipe(
    v.string('Muss eine Zeichenkette sein'),
    v.regex(/^sha256:[0-9a-f]{64}$/, 'Muss sha256:<64 Hex-Zeichen> sein'),
  ),
  signatureImage: v.pipe(v.string('Muss eine Zeichenkette sein'), v.nonEmpty('Pflichtfeld')),
  consent: v.literal(true, 'Muss true sein: die Zustimmung ist Pflicht'),
});
export type SignatureInput = v.InferOutput<typeof SignatureInput>;

/** Body of `POST /api/contracts/:id/cancellation`. */
export const CancellationInput = v.strictObject({ reason: requiredText(2000) });

export const contractStatuses = ['pending', 'signed', 'cancelled'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

export const ContractListQuery = listQuery({
  contactId: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('Darf nicht leer sein'))),
  status: v.optional(v.picklist(contractStatuses, 'Muss pending, signed oder cancelled sein')),
});

const quantity = () => v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000));

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
  contactId: v.string(),
  contact: ContactCopyRecord,
  items: v.array(ContractItemRecord),
  totals: ContractTotals,
  startDate: agreed.startDate,
  endDate: agreed.endDate,
  minimumTermMonths: agreed.minimumTermMonths,
  noticePeriodDays: agreed.noticePeriodDays,
  terms: agreed.terms,
  requireStudioSignature: agreed.requireStudioSignature,
  createdAt: timestamp(),
});
export type ContractContent = v.InferOutput<typeof ContractContentRecord>;

const documentHash = () => v.pipe(v.string(), v.regex(/^sha256:[0-9a-f]{64}$/));

export const SealRecord = v.object({
  algorithm: v.string(),
  keyId: v.string(),
  value: v.string(),
});
export type Seal = v.InferOutput<typeof SealRecord>;

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

/** A contract as lists return it. */
export const ContractRecord = v.object({
  ...ContractContentRecord.entries,
  status: v.picklist(contractStatuses),
  documentHash: documentHash(),
  /** The `sub` of the user who created the contract. */
  createdBy: userSub(),
  cancelledAt: v.nullable(timestamp()),
  cancellationReason: v.nullable(v.string()),
  /** The `sub` of the user who cancelled the contract. */
  cancelledBy: v.nullable(userSub()),
  updatedAt: timestamp(),
  version: recordVersion(),
});
export type Contract = v.InferOutput<typeof ContractRecord>;

/** A contract with its signatures: the answer of get, create, sign and cancel. */
export const ContractWithSignaturesRecord = v.object({
  ...ContractRecord.entries,
  signatures: v.array(SignatureRecord),
});
export type ContractWithSignatures = v.InferOutput<typeof ContractWithSignaturesRecord>;

export const ContractList = listEnvelope(ContractRecord);

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
