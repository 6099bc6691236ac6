import type * as v from 'valibot';
import type { ContractRecord, TerminationPreviewRecord } from '#shared/contracts/schema.ts';
import type { SignatureRecord } from '#shared/contracts/signature-schema.ts';
import { exampleStudio } from './studio.ts';

// Beispiele des Vertragsbereichs; der Test prüft jedes mit dem valibot-Schema seiner Komponente.

export const kundeId = '01JD4Z5Q8K3N7M2P6R9T1V0W2X';
const vertragId = '01JD5A1B2C3D4E5F6G7H8J9K0M';
export const hash = 'sha256:9f2c4d1e7a0b3c6d9e2f5a8b1c4d7e0f3a6b9c2d5e8f1a4b7c0d3e6f9a2b5c8d';
const sub = '3f1c9a52-7b2e-4d8a-9c61-0e5b8f2a4d17';
export const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const neuerVertrag = {
  contactId: kundeId,
  items: [{ serviceId: '01JD4Z7B2C5D8E1F4G7H0J3K6M', quantity: 1 }],
  startDate: '2026-12-01',
  minimumTermMonths: 12,
  renewal: 'indefinite' as const,
  noticePeriod: { value: 1, unit: 'month' as const },
  terms: 'Nach der Mindestlaufzeit monatlich kündbar.',
  requireStudioSignature: false,
};

export const gespeicherterVertrag = {
  id: vertragId,
  number: '2026-000001',
  status: 'signed',
  studio: exampleStudio,
  contactId: kundeId,
  contact: {
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: 'erika@example.com',
    address: { street: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
  },
  items: [
    {
      serviceId: '01JD4Z7B2C5D8E1F4G7H0J3K6M',
      name: 'Yoga monthly',
      unitPrice: { amount: 4900, currency: 'EUR' },
      billingInterval: 'month',
      quantity: 1,
      total: { amount: 4900, currency: 'EUR' },
    },
  ],
  totals: { month: { amount: 4900, currency: 'EUR' } },
  startDate: '2026-12-01',
  minimumTermMonths: 12,
  renewal: 'indefinite',
  noticePeriod: { value: 1, unit: 'month' },
  terms: 'Nach der Mindestlaufzeit monatlich kündbar.',
  requireStudioSignature: false,
  documentHash: hash,
  createdAt: '2026-11-22T10:30:00.000Z',
  createdBy: sub,
  cancelledAt: null,
  cancellationReason: null,
  cancelledBy: null,
  termination: null,
  withdrawal: null,
  account: {
    balance: { amount: 0, currency: 'EUR' },
    overdue: { amount: 0, currency: 'EUR' },
    dunningLevel: 0,
    inCollection: false,
  },
  updatedAt: '2026-11-22T10:32:00.000Z',
  version: 2,
  minimumTermEndsOn: '2027-11-30',
  endsOn: null,
  earliestEndOn: '2027-11-30',
} satisfies v.InferInput<typeof ContractRecord>;

/** Derselbe Vertrag, am 15.10.2027 ordentlich gekündigt: Er endet mit der Mindestlaufzeit. */
export const gekuendigterVertrag = {
  ...gespeicherterVertrag,
  status: 'terminated',
  termination: {
    kind: 'ordinary',
    receivedOn: '2027-10-15',
    endsOn: '2027-11-30',
    reason: null,
    recordedAt: '2027-10-15T16:20:00.000Z',
    recordedBy: sub,
  },
  updatedAt: '2027-10-15T16:20:00.000Z',
  version: 3,
  endsOn: '2027-11-30',
  earliestEndOn: null,
} satisfies v.InferInput<typeof ContractRecord>;

/** Ein online am 22.11.2026 geschlossener Vertrag, am 30.11.2026 widerrufen; der Beginn vorab war verlangt. */
export const widerrufenerVertrag = {
  ...gespeicherterVertrag,
  status: 'withdrawn',
  withdrawal: {
    periodEndsOn: '2026-12-06',
    requestedEarlyStart: true,
    withdrawnAt: '2026-11-30T09:15:00.000Z',
    receivedOn: '2026-11-30',
    recordedBy: sub,
  },
  updatedAt: '2026-11-30T09:15:00.000Z',
  version: 3,
  endsOn: '2026-11-30',
  earliestEndOn: null,
} satisfies v.InferInput<typeof ContractRecord>;

export const vorschau = {
  receivedOn: '2027-10-15',
  minimumTermEndsOn: '2027-11-30',
  noticePeriod: { value: 1, unit: 'month' },
  earliestEndOn: '2027-11-30',
} satisfies v.InferInput<typeof TerminationPreviewRecord>;

export const unterschrift = {
  id: '01JD5A3C4D5E6F7G8H9J0K1M2N',
  role: 'customer',
  signerName: 'Erika Mustermann',
  documentHash: hash,
  signedAt: '2026-11-22T10:32:00.000Z',
  ipAddress: '203.0.113.10',
  userAgent: 'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X)',
  imageSha256: '3b8f0c2e5d7a9b1c4e6f8a0b2c4d6e8f0a2b4c6d8e0f2a4b6c8d0e2f4a6b8c0d',
  seal: {
    algorithm: 'ECDSA_SHA_256',
    keyId: 'arn:aws:kms:eu-central-1:123456789012:key/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    value: 'MEUCIQDx3k9F2m0Vb6yq1Yc8hT7rJ4n5s6u7w8x9y0z1A2B3CwIgQ4R5S6T7U8V9W0X1Y2Z3a4b5c6d7e8f9g0h1i2j3k4l=',
  },
} satisfies v.InferInput<typeof SignatureRecord>;
