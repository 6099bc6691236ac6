import { StudioInput } from '#shared/studio/input.ts';
import { defaultTimeZone, StudioRecord } from '#shared/studio/schema.ts';
import type { AreaDocs, RouteNameOf } from './area-docs.ts';
import { type Component, component } from './components.ts';
import type { OperationDoc } from './operation-doc.ts';

const json = 'application/json';

const optional = (what: string) => `${what}, at most 200 characters; null when absent.`;

/** The profile's own fields: what every contract copies at creation (`studio` in the contract). */
export const studioFields = {
  legalName:
    'The studio’s legal name as a contract party, 1–200 characters; printed on contracts, so bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F) and invisible spaces (U+200B, U+2060, U+FEFF) are refused.',
  address: {
    text: 'The studio’s postal address; all four fields are required.',
    fields: {
      street: 'Street and house number.',
      postalCode: 'Postal code.',
      city: 'City.',
      country: 'ISO 3166-1 alpha-2 country code in upper case (`DE`; `de` is refused).',
    },
  },
  email: 'The studio’s email address for customers.',
  phone: optional('Phone number'),
  website: optional('The studio’s website, an https URL'),
  vatId: optional('VAT identification number (USt-IdNr.)'),
  registerEntry: optional('Commercial register entry, e.g. "Amtsgericht Berlin HRB 12345"'),
  representedBy: optional(
    'Who represents the studio legally, e.g. its managing director; a name, so bidirectional controls and invisible spaces are refused',
  ),
  timeZone: `An IANA time zone name as \`Intl\` knows it (\`Europe/Berlin\`, \`Europe/Vienna\`); offsets and wrongly cased names are refused. "Today" of every contract date and the year of contract numbers are taken in it. \`${defaultTimeZone}\` when absent.`,
} as const;

const mitte = {
  legalName: 'Studio Mitte GmbH',
  address: { street: 'Torstraße 12', postalCode: '10119', city: 'Berlin', country: 'DE' },
  email: 'kontakt@studio-mitte.example',
  phone: '+49 30 1234567',
  website: 'https://studio-mitte.example',
  vatId: 'DE123456789',
  registerEntry: 'Amtsgericht Berlin-Charlottenburg HRB 12345',
  representedBy: 'Maria Beispiel',
  timeZone: 'Europe/Berlin',
} as const;

/** The profile as contracts copy it: the example of the contracts area uses it too. */
export const exampleStudio = mitte;

/** The studio as a SEPA creditor: not copied into contracts; each mandate names the creditor itself. */
const sepaField = {
  text: 'The studio as a SEPA creditor, needed before a contract can take a direct debit (`directDebit`, else 422 `sepa-creditor-missing`); `null` when the studio does not collect by direct debit. Not copied into contracts: each mandate names the creditor (`legalName` and `creditorId`) itself. Each invalid field is a 400 naming it (`sepa.iban`).',
  fields: {
    creditorId:
      'The SEPA creditor identifier (Gläubiger-Identifikationsnummer, e.g. `DE98ZZZ09999999999`): the country, 2 check digits (ISO 7064 MOD 97-10 over the national id), a 3-character business code and the national id (11 digits in Germany). Accepted with spaces and in lower case, stored without spaces in upper case.',
    iban: 'The account the collections are paid into: an IBAN of a SEPA country with its country’s length and structure and valid check digits (MOD 97). Accepted with spaces and in lower case, stored without spaces in upper case.',
    bic: 'The BIC of that account, 8 or 11 characters, stored in upper case; `null` when absent.',
    preNotificationDays:
      'How many calendar days before a debit the debtor is told of it (pre-notification, Vorabankündigung): a whole number from 1 to 14, 14 when absent.',
  },
} as const;

const reminderFeeField = {
  text: 'What each reminder after the first books on the member’s account as `reminder-fee` (docs/accounts.md, "Reminders"): money from 0 to 250 cents in EUR, 0 when absent; more is a 400. The first reminder is always free. Not copied into contracts: a reminder takes the profile’s fee of its day.',
  fields: {
    amount: 'Cents, a whole number from 0 to 250.',
    currency: 'Always `EUR`.',
  },
} as const;

const mitteSepa = {
  creditorId: 'DE98ZZZ09999999999',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  preNotificationDays: 14,
};

const Input = component(
  StudioInput,
  'StudioInput',
  { ...studioFields, sepa: sepaField, reminderFee: reminderFeeField },
  {
    text: 'The studio profile: all its fields (a PUT replaces the whole profile; a field left out becomes null or its default). Strings are trimmed; unknown fields are a 400.',
    examples: [
      { ...mitte, sepa: { ...mitteSepa, iban: 'DE89 3704 0044 0532 0130 00' } },
      {
        legalName: 'Yoga am Kanal e.K.',
        address: { street: 'Paul-Lincke-Ufer 8', postalCode: '10999', city: 'Berlin', country: 'DE' },
        email: 'hallo@yoga-am-kanal.example',
      },
    ],
  },
);

const Studio = component(
  StudioRecord,
  'Studio',
  {
    ...studioFields,
    sepa: sepaField,
    reminderFee: reminderFeeField,
    createdAt: 'When the profile was first set: RFC 3339 UTC with milliseconds.',
    updatedAt: 'When the profile last changed: RFC 3339 UTC with milliseconds.',
    updatedBy: 'The `sub` of the owner who set the profile last.',
    version: '1 when first set, +1 on each change; the `ETag` to send in `If-Match`.',
  },
  {
    text: 'The studio’s own identity as a party of every contract. There is one profile, so it has no id. Contracts copy its fields (not its server fields) when they are created; later changes never change an existing contract.',
    examples: [
      {
        ...mitte,
        sepa: mitteSepa,
        createdAt: '2026-11-20T09:00:00.000Z',
        updatedAt: '2026-11-22T08:15:00.000Z',
        updatedBy: '3f1c9a52-7b2e-4d8a-9c61-0e5b8f2a4d17',
        version: 2,
      },
    ],
  },
);

export const studioComponents = { StudioInput: Input, Studio } satisfies Record<string, Component>;

export const studioOperations = {
  'studio-get': {
    summary: 'Get the studio profile',
    description: 'The studio profile; 404 until an owner has set it. Its `ETag` is the version to send in `If-Match`.',
    success: { status: 200, description: 'The profile.', content: { [json]: Studio }, headers: ['etag'] },
    problems: { 404: ['not-found'] },
  },
  'studio-put': {
    summary: 'Set the studio profile',
    description:
      'Creates the profile (then **201** with `Location: /api/studio` and version 1) or replaces all its fields (200, version + 1). With `If-Match` only that version is replaced (else 412); an `If-Match` while no profile exists is a 412 as well. Without it the change is applied to the current version. Existing contracts keep the copy they made. Owners only.',
    body: Input,
    success: { status: 200, description: 'The replaced profile.', content: { [json]: Studio }, headers: ['etag'] },
    alsoSuccess: {
      status: 201,
      description: 'The profile, set for the first time.',
      content: { [json]: Studio },
      headers: ['etag', 'location'],
    },
  },
} satisfies Record<RouteNameOf<'studio'>, OperationDoc>;

/** Loaded by operations.ts by the area's name. */
export const docs: AreaDocs = { operations: studioOperations, components: studioComponents };
