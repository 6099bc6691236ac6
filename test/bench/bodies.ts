/** Request bodies of a typical studio: every optional field given, so items have their usual size. */

export const contactBody = (tag: string) => ({
  firstName: 'Erika',
  lastName: `Mustermann ${tag}`,
  email: `erika.${tag.toLowerCase()}@example.com`,
  phone: '+49 30 1234567',
  dateOfBirth: '1990-04-12',
  address: { street: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
  notes: null,
});

export const serviceBody = (tag: string) => ({
  name: `Yoga monthly ${tag}`,
  description: 'Unlimited classes, mats included',
  price: { amount: 4900, currency: 'EUR' },
  billingInterval: 'month',
  durationMinutes: 60,
  active: true,
});

export const contractBody = (contactId: string, serviceId: string) => ({
  contactId,
  items: [{ serviceId, quantity: 1 }],
  startDate: '2026-12-01',
  endDate: null,
  minimumTermMonths: 12,
  noticePeriodDays: 30,
  terms: 'Es gelten die AGB des Studios.',
  requireStudioSignature: false,
});

// A small real PNG, as a signature pad would send (real ones are a few KB).
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const signatureBody = (documentHash: string) => ({
  role: 'customer',
  signerName: 'Erika Mustermann',
  documentHash,
  signatureImage: `data:image/png;base64,${png}`,
  consent: true,
});

export const cancellationBody = () => ({ reason: 'Umzug in eine andere Stadt' });
