/** What the customer's copy is rendered from: the contract as `GET /api/contracts/:id` returns it (docs/decisions.md, "Contract term" and "Termination"). */

export type CalendarDate = string;
export type Timestamp = string;

export interface Money {
  /** Cents. */
  amount: number;
  currency: string;
}

export interface PostalAddress {
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export type BillingInterval = 'once' | 'week' | 'month' | 'quarter' | 'year';
export type SignerRole = 'customer' | 'studio';

export interface StudioParty {
  legalName: string;
  address: PostalAddress;
  email: string;
  phone: string | null;
  website: string | null;
  vatId: string | null;
  registerEntry: string | null;
  representedBy: string | null;
  /** IANA zone: every local time on the copy is shown in it. */
  timeZone: string;
}

export interface ContactParty {
  firstName: string;
  lastName: string;
  email: string | null;
  address: PostalAddress | null;
}

export interface ContractItemForDocument {
  serviceId: string;
  name: string;
  unitPrice: Money;
  billingInterval: BillingInterval;
  quantity: number;
  total: Money;
  /** Unit prices agreed from a period's first day on; a contract of content version 1 has none. */
  priceSteps?: readonly { from: CalendarDate; unitPrice: Money }[] | null;
}

export interface TerminationForDocument {
  kind: 'ordinary' | 'extraordinary';
  receivedOn: CalendarDate;
  endsOn: CalendarDate;
  reason: string | null;
  recordedAt: Timestamp;
  recordedBy: string;
}

export interface SignatureForDocument {
  id: string;
  role: SignerRole;
  signerName: string;
  documentHash: string;
  signedAt: Timestamp;
  ipAddress: string;
  userAgent: string;
  imageSha256: string;
  seal: { algorithm: string; keyId: string; value: string };
}

export interface ContractForDocument {
  id: string;
  number: string;
  status: 'pending' | 'signed' | 'cancelled' | 'terminated' | 'withdrawn';
  studio: StudioParty;
  contactId: string;
  contact: ContactParty;
  items: readonly ContractItemForDocument[];
  totals: Partial<Record<BillingInterval, Money>>;
  startDate: CalendarDate;
  minimumTermMonths: number;
  renewal: 'indefinite' | 'none';
  noticePeriod: { value: number; unit: 'day' | 'week' | 'month' };
  terms: string | null;
  requireStudioSignature: boolean;
  createdAt: Timestamp;
  documentHash: string;
  minimumTermEndsOn: CalendarDate | null;
  endsOn: CalendarDate | null;
  earliestEndOn: CalendarDate | null;
  termination: TerminationForDocument | null;
  cancelledAt: Timestamp | null;
  cancellationReason: string | null;
  signatures: readonly SignatureForDocument[];
  /** Set when the contract was signed away from the studio: its document carries the Belehrung and the form. */
  withdrawal?: { periodEndsOn: CalendarDate; requestedEarlyStart: boolean } | null;
}

/** A signature's image, as stored beside the contract (its SHA-256 is the signature's `imageSha256`). */
export interface SignatureImageForDocument {
  role: SignerRole;
  mediaType: 'image/png' | 'image/svg+xml';
  bytes: Uint8Array;
}

/** The term in plain German, as `describeTerm` of `shared/contracts/term-sentences.ts` words it. */
export interface TermSentencesForDocument {
  minimumTerm: string;
  renewal: string;
  notice: string;
}

export interface ContractDocumentInput {
  contract: ContractForDocument;
  signatureImages: readonly SignatureImageForDocument[];
  termSentences: TermSentencesForDocument;
  /** Absent or null without a direct debit: no mandate page, no schedule. */
  directDebit?: DirectDebitForDocument | null;
}

/** The evidence of a mandate's signature, as the mandate keeps it (`MandateSignatureRecord`). */
export interface MandateSignatureForDocument {
  signerName: string;
  signedAt: Timestamp;
  ipAddress: string;
  userAgent: string;
  imageSha256: string;
  seal: { algorithm: string; keyId: string; value: string };
}

/** A SEPA mandate as its page shows it (docs/sepa.md, "The mandate in the PDF"). */
export interface MandateForDocument {
  reference: string;
  creditor: { name: string; creditorId: string };
  accountHolder: string;
  iban: string;
  bic: string | null;
  mandateHash: string;
  /** `mandateText` of shared/contracts/mandates/mandate-text.ts: the words the debtor signs, never a second copy. */
  text: string;
  signature: MandateSignatureForDocument | null;
  /** The drawn signature (`MANDATE_IMAGE#<nnn>`), when signed. */
  image: Omit<SignatureImageForDocument, 'role'> | null;
}

/** One due of the payment schedule: a day and an amount. */
export interface ScheduledDue {
  dueOn: CalendarDate;
  amount: Money;
  interval: BillingInterval;
  /** Charged by days, the contract ending inside the period. */
  proRata: boolean;
}

/** A recurring amount and the days it falls on („monatlich 49,00 € jeweils am 1.“). */
export interface RecurringDue {
  interval: Exclude<BillingInterval, 'once'>;
  amount: Money;
  /** The start date: its weekday, day number and month say the days. */
  firstDueOn: CalendarDate;
  /** Some day lacks the start's number (the 31st, 29 February): the due moves to the 1st of the next month. */
  fallsBack: boolean;
}

/** A recurring amount that changes: from the period whose due falls on `from` on („ab 01.04.2027 monatlich 45,00 €“). */
export interface ScheduledPriceChange {
  interval: Exclude<BillingInterval, 'once'>;
  from: CalendarDate;
  amount: Money;
}

/**
 * The dues as the pre-notification (Vorabankündigung) announces them: the first, the recurring, each change of a
 * recurring amount (a price step agreed at signing, an agreed price or items change), a last pro rata one.
 */
export interface PaymentScheduleForDocument {
  firstDues: readonly ScheduledDue[];
  recurring: readonly RecurringDue[];
  priceChanges: readonly ScheduledPriceChange[];
  lastDue: ScheduledDue | null;
}

/** A contract paid by direct debit: its current mandate and its schedule. */
export interface DirectDebitForDocument {
  mandate: MandateForDocument;
  schedule: PaymentScheduleForDocument;
}
