import { ContactInput, ContactList, ContactListQuery, ContactRecord } from '#shared/contacts/schema.ts';
import { ErasureInput, ErasureRecord } from '#shared/privacy/erasure-schema.ts';
import { PersonalDataExport } from '#shared/privacy/export-schema.ts';
import type { AreaDocs, RouteNameOf } from './area-docs.ts';
import { type Component, component } from './components.ts';
import type { FieldDocs } from './describe.ts';
import type { OperationDoc } from './operation-doc.ts';
import { listQueryDocs, pageDocs, recordDocs } from './shared-docs.ts';

const address: FieldDocs = {
  street: 'Street and house number.',
  postalCode: 'Postal code.',
  city: 'City.',
  country:
    'ISO 3166-1 alpha-2 country code in upper case (`DE`; `de` is refused). Groupings (`EU`) and aliases (`UK`) are refused.',
};

const fields = {
  firstName:
    'First name, 1–100 characters after trimming; no control characters, bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F) or invisible spaces (U+200B, U+2060, U+FEFF). The joiners U+200C and U+200D are allowed.',
  lastName: 'Last name, 1–100 characters after trimming; the same characters as `firstName`. Lists sort by it.',
  email:
    'Email address, at most 254 characters, unique among contacts ignoring case (a duplicate is a 409). Null when absent.',
  phone: 'Phone number: 3–32 of digits, spaces and `+ - ( ) /`. Null when absent.',
  dateOfBirth: 'Date of birth (`YYYY-MM-DD`), a real calendar date, not in the future. Null when absent.',
  address: {
    text: 'Postal address: all four fields, or null. Null when absent.',
    fields: address,
  },
  notes: 'Free notes of the studio, at most 5000 characters. Null when absent.',
} as const;

const erika = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  email: 'erika@example.com',
  phone: '+49 30 1234567',
  dateOfBirth: '1990-04-12',
  address: { street: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
  notes: null,
};

const storedErika = {
  id: '01JD4Z5Q8K3N7M2P6R9T1V0W2X',
  ...erika,
  createdAt: '2026-11-22T10:15:00.000Z',
  createdBy: '3f1c9a52-7b2e-4d8a-9c61-0e5b8f2a4d17',
  updatedAt: '2026-11-22T10:15:00.000Z',
  updatedBy: '3f1c9a52-7b2e-4d8a-9c61-0e5b8f2a4d17',
  version: 1,
  restricted: false,
  restrictedUntil: null,
};

const Contact = component(
  ContactRecord,
  'Contact',
  {
    ...recordDocs('contact'),
    ...fields,
    restricted:
      'True once erasure was asked for while its ended contracts must still be kept (Art. 18 GDPR): only owners read it, no list or search finds it, no new contract may use it. Phone, date of birth and notes are then null. Null on contacts stored before restriction existed (they are not restricted).',
    restrictedUntil:
      'When a restricted contact is purged with its contracts and their documents: the latest `retainUntil` of its contracts’ documents. Null when not restricted.',
  },
  { text: 'A customer of the studio. Optional fields are null when absent.', examples: [storedErika] },
);

const Input = component(ContactInput, 'ContactInput', fields, {
  text: 'The mutable fields of a contact: the body of create and of replace. Strings are trimmed, and a blank optional string counts as absent. Unknown fields are a 400.',
  examples: [erika, { firstName: 'Max', lastName: 'Mustermann' }],
});

const Page = component(ContactList, 'ContactList', pageDocs('en', Contact), {
  text: 'One page of contacts, ordered by last name, first name and id.',
  examples: [{ items: [storedErika], nextCursor: null }],
});

const declaredFields = {
  category:
    'The category (the export’s section): `contact`, `contracts`, `signatures`, `mandates`, `copies`, `stored documents`, `events`, …',
  personalData: 'False for a category that names the person by ids only (events, signing sessions).',
  purpose: 'What the studio keeps it for, and on which legal basis.',
  retention: 'How long it is kept, and what ends it.',
} as const;

const Export = component(
  PersonalDataExport,
  'PersonalDataExport',
  {
    contactId: 'The contact the export is about.',
    exportedAt: 'When the export was read.',
    categories: {
      text: 'Every category the person can be found in, empty ones too, in a fixed order: the items as stored (without the table’s keys), with the full IBAN of each mandate; bytes (signature images) in base64.',
      fields: { ...declaredFields, items: 'The items of the category as stored, each with its `entity` (its kind).' },
    },
    notFromThePerson: {
      text: 'What the service holds besides that cannot be found from a person (idempotency records for 24 hours, webhook deliveries with ids only, …): why, and how long it stays.',
      fields: { ...declaredFields, because: 'Why it cannot be found from a person.' },
    },
  },
  {
    text: 'Everything the service holds about one person (Art. 15, 20 GDPR), derived from the declaration every kind of item makes (docs/privacy.md).',
    examples: [
      {
        contactId: storedErika.id,
        exportedAt: '2026-11-22T10:20:00.000Z',
        categories: [
          {
            category: 'contact',
            personalData: true,
            purpose: 'The customer relationship.',
            retention: 'Until erased on request.',
            items: [{ entity: 'contact', ...storedErika }],
          },
        ],
        notFromThePerson: [
          {
            category: 'idempotency records',
            personalData: true,
            purpose: 'Answers a retried POST with its first response.',
            retention: '24 hours (time to live).',
            because: 'keyed by the caller’s idempotency key',
          },
        ],
      },
    ],
  },
);

const ErasureRequest = component(
  ErasureInput,
  'ErasureInput',
  { reason: 'Why the person is erased (1–500 characters): who asked, when, how. Not kept once the person is gone.' },
  { text: 'An erasure request (Art. 17 GDPR).', examples: [{ reason: 'Asked by email on 2026-11-20' }] },
);

const Erasure = component(
  ErasureRecord,
  'Erasure',
  {
    erased: 'True when the contact and everything naming it were erased now; false when it is restricted.',
    restrictedUntil:
      'When the restricted contact is purged with its contracts and their documents (the latest `retainUntil`); null when erased now.',
  },
  {
    text: 'What an erasure did.',
    examples: [
      { erased: true, restrictedUntil: null },
      { erased: false, restrictedUntil: '2036-01-01T00:00:00.000Z' },
    ],
  },
);

export const contactComponents = {
  ContactInput: Input,
  Contact,
  ContactList: Page,
  PersonalDataExport: Export,
  ErasureInput: ErasureRequest,
  Erasure,
} satisfies Record<string, Component>;

const contactPath = '`Location` names the new contact.';

export const contactOperations = {
  'contacts-list': {
    summary: 'List contacts',
    description:
      'Contacts ordered by last name, first name and id, one page at a time. `search` with an `@` is an exact, case-insensitive email match; otherwise a case-insensitive prefix of the last name. Every page is one index query, never a scan.',
    query: {
      schema: ContactListQuery,
      fields: {
        ...listQueryDocs('en'),
        search:
          'An email address (exact, ignoring case) or the start of a last name (ignoring case), 1–254 characters.',
      },
    },
    success: { status: 200, description: 'One page of contacts.', content: { 'application/json': Page } },
    problems: { 400: ['validation-failed', 'invalid-cursor'] },
  },
  'contacts-create': {
    summary: 'Create a contact',
    description: `Stores a new contact with version 1. ${contactPath}`,
    body: Input,
    success: {
      status: 201,
      description: 'The new contact.',
      content: { 'application/json': Contact },
      headers: ['etag', 'location'],
    },
    problems: { 409: ['email-taken'] },
  },
  'contacts-get': {
    summary: 'Get a contact',
    description: 'One contact; its `ETag` is the version to send in `If-Match`.',
    success: { status: 200, description: 'The contact.', content: { 'application/json': Contact }, headers: ['etag'] },
  },
  'contacts-replace': {
    summary: 'Replace a contact',
    description:
      'Replaces all mutable fields: a field left out becomes null. With `If-Match` only that version is changed (else 412); without it the change is applied to the current version, retried if another writer was faster, so no change is overwritten blindly. The version goes up by one.',
    body: Input,
    success: {
      status: 200,
      description: 'The changed contact.',
      content: { 'application/json': Contact },
      headers: ['etag'],
    },
    problems: { 409: ['email-taken'] },
  },
  'contacts-delete': {
    summary: 'Delete a contact',
    description:
      'Deletes the contact and frees its email address. A contact that any contract refers to cannot be deleted (409): contracts are kept for their legal retention period. Honours `If-Match`. Owners only.',
    success: { status: 204, description: 'Deleted; no body.' },
    problems: { 409: ['contact-has-contracts'] },
  },
  'contacts-erasure': {
    summary: 'Erase a contact',
    description:
      'Art. 17 GDPR, in one of three ways. A contact that never had a contract is erased now with every item holding its data (its email claim, mails to it in the local outbox); later reads are 404 and `contact.erased` is announced. A contact whose contracts have all ended or were cancelled is restricted (Art. 18 GDPR, § 35 Abs. 3 BDSG): phone, date of birth and notes are erased now, the rest is kept for the contracts’ retention, hidden from lists, search and staff (404), with no new contracts (422), until `restrictedUntil`, when the daily purge erases it (`contact.restricted` now). A contract still running, or terminated but not yet ended, is a 409 naming it. An erasure log entry (ids only) is kept to re-apply erasures after a backup is restored. Owners only.',
    body: ErasureRequest,
    success: { status: 200, description: 'What was done.', content: { 'application/json': Erasure } },
    problems: { 409: ['contact-has-running-contracts'] },
  },
  'contacts-export': {
    summary: 'Export a contact',
    description:
      'Everything the service holds about the contact (Art. 15, 20 GDPR), as one JSON attachment (`Content-Disposition: attachment`): the contact, its contracts with their terminations, the signatures’ evidence and images, the SEPA mandates with the full IBAN, the copies sent, the records of the stored documents, the events about them (ids only), and for each category its purpose and retention. Read with GetItem and Query only. Owners only.',
    success: {
      status: 200,
      description: 'The export, as an attachment.',
      content: { 'application/json': Export },
    },
  },
} satisfies Record<RouteNameOf<'contacts'>, OperationDoc>;

/** Loaded by operations.ts by the area's name. */
export const docs: AreaDocs = { operations: contactOperations, components: contactComponents };
