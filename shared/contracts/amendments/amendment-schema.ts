import * as v from 'valibot';
import { schemaMessage } from '../../messages/index.ts';
import { money, optionalText, printedName } from '../../schema/fields.ts';
import { listEnvelope, recordId, recordVersion, timestamp, userSub } from '../../schema/record.ts';
import { SealRecord } from '../../signatures/schema.ts';
import {
  calendarDay,
  dateRecord,
  documentHash,
  mustBeString,
  recordReference,
  required,
  wholeNumber,
} from '../fields.ts';
import { ContractItemRecord } from '../schema.ts';
import { contractTexts } from '../texts.ts';
import { type AmendmentKind, type AmendmentStatus, amendmentKinds, amendmentStatuses } from './in-force-schema.ts';

/* Amendments of a running contract (docs/amendments.md): what an offer asks for, what is kept, how it is signed. */

export { type AmendmentKind, type AmendmentStatus, amendmentKinds, amendmentStatuses };
export const pauseReasons = ['holiday', 'illness', 'pregnancy', 'parental-leave', 'other'] as const;

/** A pause is 1 to 366 days long, its first and last day counted. */
export const maxPauseDays = 366;

const offerFields = {
  effectiveFrom: calendarDay(),
  // Default today + 14 days in the studio's zone: known only with the contract (offer-amendment.ts).
  offerExpiresOn: v.optional(calendarDay()),
};

const PauseOffer = v.pipe(
  v.strictObject({
    kind: v.literal('pause'),
    ...offerFields,
    lastDay: calendarDay(),
    reason: v.picklist(pauseReasons, schemaMessage('field.oneOf', pauseReasons)),
    reasonText: optionalText(500),
    monthlyFee: v.optional(money(), { amount: 0, currency: 'EUR' }),
    extendsTerm: v.optional(v.boolean(schemaMessage('field.trueOrFalse')), false),
  }),
  // Never a diagnosis (BGH XII ZR 42/10): only „other“ needs words, and no certificate is stored.
  v.forward(
    v.partialCheck(
      [['reason'], ['reasonText']],
      (input) => input.reason !== 'other' || input.reasonText !== null,
      contractTexts.schemaMessage('reasonTextForOther'),
    ),
    ['reasonText'],
  ),
);

const listOf = <T extends v.GenericSchema>(item: T) =>
  v.pipe(
    v.array(item, contractTexts.schemaMessage('mustBeList')),
    v.minLength(1, contractTexts.schemaMessage('atLeastOneItem')),
    v.maxLength(50, contractTexts.schemaMessage('atMostItems', 50)),
  );

const PriceOffer = v.strictObject({
  kind: v.literal('price'),
  ...offerFields,
  items: listOf(v.strictObject({ serviceId: recordReference(), unitPrice: money() })),
});

const ItemsOffer = v.strictObject({
  kind: v.literal('items'),
  ...offerFields,
  items: listOf(v.strictObject({ serviceId: recordReference(), quantity: v.optional(wholeNumber(1, 1000), 1) })),
});

/** Body of `POST /api/contracts/:id/amendments`: one variant per kind, each strict. */
export const AmendmentInput = v.variant(
  'kind',
  [PauseOffer, PriceOffer, ItemsOffer],
  schemaMessage('field.oneOf', amendmentKinds),
);
export type AmendmentInput = v.InferOutput<typeof AmendmentInput>;
export type PauseInput = Extract<AmendmentInput, { kind: 'pause' }>;
export type PriceInput = Extract<AmendmentInput, { kind: 'price' }>;
export type ItemsInput = Extract<AmendmentInput, { kind: 'items' }>;

const hashInput = () =>
  v.pipe(v.string(mustBeString), v.regex(/^sha256:[0-9a-f]{64}$/, contractTexts.schemaMessage('documentHashFormat')));

/** Body of `POST …/amendments/:amendmentId/signature`: §4's signature, given to the amendment's hash. */
export const AmendmentSignatureInput = v.strictObject({
  signerName: printedName(200),
  amendmentHash: hashInput(),
  signatureImage: v.pipe(v.string(mustBeString), v.nonEmpty(required)),
  consent: v.literal(true, contractTexts.schemaMessage('consentRequired')),
});
export type AmendmentSignatureInput = v.InferOutput<typeof AmendmentSignatureInput>;

/** Body of `POST …/amendments/:amendmentId/cancellation`: the offer withdrawn, with its reason. */
export { CancellationInput as AmendmentCancellationInput } from '../termination/termination-schema.ts';

/** Body of `POST …/amendments/:amendmentId/early-end`. */
export const EarlyEndInput = v.strictObject({ lastDay: calendarDay() });

/** The customer's signature of an amendment: §4's evidence and seal. */
export const AmendmentSignatureRecord = v.object({
  id: recordId(),
  signerName: v.string(),
  amendmentHash: documentHash(),
  signedAt: timestamp(),
  ipAddress: v.string(),
  userAgent: v.string(),
  imageSha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  seal: SealRecord,
});
export type AmendmentSignature = v.InferOutput<typeof AmendmentSignatureRecord>;

/** A pause ended early at the customer's wish: the agreed `lastDay` stays as signed, this one counts. */
export const EarlyEndRecord = v.object({ lastDay: dateRecord(), recordedAt: timestamp(), recordedBy: userSub() });

/** An amendment as kept and answered. The kind's fields are null for the other kinds. */
export const AmendmentRecord = v.object({
  id: recordId(),
  contractId: v.string(),
  number: v.pipe(v.string(), v.regex(/^\d{4}-\d{6}-A\d+$/)),
  kind: v.picklist(amendmentKinds),
  status: v.picklist(amendmentStatuses),
  effectiveFrom: dateRecord(),
  offerExpiresOn: dateRecord(),
  // pause
  lastDay: v.nullable(dateRecord()),
  reason: v.nullable(v.picklist(pauseReasons)),
  reasonText: v.nullable(v.string()),
  monthlyFee: v.nullable(money()),
  extendsTerm: v.nullable(v.boolean()),
  // price and items: the items as they are from `effectiveFrom` on
  items: v.nullable(v.array(ContractItemRecord)),
  /** The contract's document hash when offered: what is changed. */
  documentHash: documentHash(),
  amendmentHash: documentHash(),
  offeredAt: timestamp(),
  offeredBy: userSub(),
  signature: v.nullable(AmendmentSignatureRecord),
  agreedAt: v.nullable(timestamp()),
  declinedAt: v.nullable(timestamp()),
  declineReason: v.nullable(v.string()),
  cancelledAt: v.nullable(timestamp()),
  cancellationReason: v.nullable(v.string()),
  endedEarly: v.nullable(EarlyEndRecord),
  updatedAt: timestamp(),
  version: recordVersion(),
});
export type Amendment = v.InferOutput<typeof AmendmentRecord>;

export const AmendmentList = listEnvelope(AmendmentRecord);

/** Body of `POST …/amendments/:amendmentId/decline`: the decision is the request; a reason only if the customer gives one. */
export const DeclineInput = v.strictObject({ reason: optionalText(2000) });
