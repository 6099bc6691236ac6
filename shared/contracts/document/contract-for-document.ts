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
  status: 'pending' | 'signed' | 'cancelled' | 'terminated';
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
}
