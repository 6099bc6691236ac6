import * as v from 'valibot';
import type { Money } from '../schema/fields.ts';
import { calendarDate, optionalString, optionalText, requiredText } from '../schema/fields.ts';
import { listQuery } from '../schema/list-query.ts';
import type { BillingInterval } from '../services/schema.ts';

const wholeNumber = (min: number, max: number, message: string) =>
  v.pipe(v.number('Muss eine Zahl sein'), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

const ContractItemInput = v.strictObject({
  serviceId: requiredText(64),
  quantity: v.optional(wholeNumber(1, 1000, 'Muss eine ganze Zahl von 1 bis 1000 sein'), 1),
});

/** Body of `POST /api/contracts`. */
export const ContractInput = v.pipe(
  v.strictObject({
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
  }),
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

export interface ContractItem {
  serviceId: string;
  name: string;
  unitPrice: Money;
  billingInterval: BillingInterval;
  quantity: number;
  total: Money;
}

export interface ContactCopy {
  firstName: string;
  lastName: string;
  email: string | null;
  address: { street: string; postalCode: string; city: string; country: string } | null;
}

/** What was agreed: fixed at creation, covered by the document hash. */
export interface ContractContent {
  id: string;
  number: string;
  contactId: string;
  contact: ContactCopy;
  items: ContractItem[];
  totals: Partial<Record<BillingInterval, Money>>;
  startDate: string;
  endDate: string | null;
  minimumTermMonths: number | null;
  noticePeriodDays: number | null;
  terms: string | null;
  requireStudioSignature: boolean;
  createdAt: string;
}

export interface Seal {
  algorithm: string;
  keyId: string;
  value: string;
}

export interface Signature {
  id: string;
  role: SignerRole;
  signerName: string;
  documentHash: string;
  signedAt: string;
  ipAddress: string;
  userAgent: string;
  imageSha256: string;
  seal: Seal;
}

export interface Contract extends ContractContent {
  status: ContractStatus;
  documentHash: string;
  /** The `sub` of the user who created the contract. */
  createdBy: string;
  cancelledAt: string | null;
  cancellationReason: string | null;
  /** The `sub` of the user who cancelled the contract. */
  cancelledBy: string | null;
  updatedAt: string;
  version: number;
}

export interface ContractWithSignatures extends Contract {
  signatures: Signature[];
}
