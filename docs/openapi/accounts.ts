import { AccountRecord, CorrectionInput, entryKinds, PaymentInput } from '#shared/accounts/schema.ts';
import type { AreaDocs, RouteNameOf } from './area-docs.ts';
import { type Component, component } from './components.ts';
import type { OperationDoc } from './operation-doc.ts';

// The member's account (docs/accounts.md): documented in English, as the collections are.

const json = 'application/json';
const cents = { amount: 'Cents, a whole number; negative is money paid or credited.', currency: 'Always `EUR`.' };
const paidCents = { amount: 'Cents, a whole number from 1.', currency: '`EUR`; any other is a 400.' };
const contractId = '01JD5A1B2C3D4E5F6G7H8J9K0M';
const collectionId = '01JD5F0A1B2C3D4E5F6G7H8J9K';

const example = {
  contractId,
  balance: { amount: 0, currency: 'EUR' as const },
  overdue: { amount: 0, currency: 'EUR' as const },
  dunningLevel: 0 as const,
  inCollection: false,
  entries: [
    {
      id: 'due-2027-000001-20270101',
      bookedOn: '2027-01-01',
      kind: 'due' as const,
      amount: { amount: 4900, currency: 'EUR' as const },
      dueId: '2027-000001-20270101',
      collectionId: null,
      text: 'Beitrag 01.01.–31.01.2027 Vertrag 2027-000001',
    },
    {
      id: `debit-${collectionId}-2027-000001-20270101`,
      bookedOn: '2027-01-19',
      kind: 'debit' as const,
      amount: { amount: -4900, currency: 'EUR' as const },
      dueId: '2027-000001-20270101',
      collectionId,
      text: 'Lastschrift vom 19.01.2027',
    },
    {
      id: `return-${collectionId}-2027-000001-20270101`,
      bookedOn: '2027-01-22',
      kind: 'return' as const,
      amount: { amount: 4900, currency: 'EUR' as const },
      dueId: '2027-000001-20270101',
      collectionId,
      text: 'Rücklastschrift (Grund AM04)',
    },
    {
      id: `bank-fee-${collectionId}-2027-000001-20270101`,
      bookedOn: '2027-01-22',
      kind: 'bank-fee' as const,
      amount: { amount: 300, currency: 'EUR' as const },
      dueId: '2027-000001-20270101',
      collectionId,
      text: 'Bankgebühr der Rücklastschrift 2027-000001-20270101',
    },
    {
      id: 'payment-01JD5G0A1B2C3D4E5F6G7H8J9K',
      bookedOn: '2027-01-25',
      kind: 'payment' as const,
      amount: { amount: -5200, currency: 'EUR' as const },
      dueId: null,
      collectionId: null,
      text: 'Zahlung bar: Quittung 0815',
    },
  ],
};

const Account = component(
  AccountRecord,
  'Account',
  {
    contractId: 'The contract whose account it is.',
    balance: {
      text: 'The sum of all entries, always: positive the member owes, negative the member is in credit (later dues use it).',
      fields: cents,
    },
    overdue: {
      text: 'What is open of returned dues and of fees, after payments, credits and write-offs settled the oldest open amounts first; never negative. A due waiting for its first collection is not overdue.',
      fields: { amount: 'Cents, a whole number.', currency: 'Always `EUR`.' },
    },
    dunningLevel:
      '0 nothing overdue, 1 after the first reminder, 2 after the second, 3 handed to a collection agency; back to 0 when `overdue` reaches 0 (unless handed over). Reminders come with a later release: until then 0.',
    inCollection: 'Whether the claim was handed to a collection agency (a later release: until then false).',
    entries: {
      text: 'The ledger, oldest first (by `bookedOn`, then in the order booked). Entries are never changed or deleted; a correction is a new entry.',
      fields: {
        id: 'Made of what the entry books (`due-<due id>`, `debit-<collection id>-<due id>`, `return-…`, `bank-fee-…`, `payment-<ULID>`, `credit-<ULID>`, `write-off-<ULID>`): the same fact is never booked twice.',
        bookedOn:
          'The day it counts from: a due’s `dueOn`, a debit’s collection date, a return’s `returnedOn`, a payment’s `paidOn`, the day of a credit or write-off.',
        kind: `One of ${entryKinds.map((kind) => `\`${kind}\``).join(', ')}: \`due\` (+, a due whose day has come or that a collection took), \`debit\` (−, the due’s amount sent in a collection), \`return\` (+, a returned debit), \`bank-fee\` (+, what the bank charged for the return), \`reminder-fee\` (+, later), \`payment\` (−), \`credit\` (−), \`write-off\` (−).`,
        amount: { text: 'Positive the member owes, negative paid or taken off.', fields: cents },
        dueId: 'The due it concerns (`GET /api/contracts/{id}/dues`), or null.',
        collectionId: 'The collection of a debit, a return or its fee, or null.',
        text: 'The booking text as statements and letters to the member print it (German).',
      },
    },
  },
  { text: 'A contract’s account: its ledger and what it adds up to.', examples: [example] },
);

const Payment = component(
  PaymentInput,
  'PaymentInput',
  {
    amount: { text: 'What was paid: more than 0.', fields: paidCents },
    paidOn: 'The day it was paid, `YYYY-MM-DD`; not after today in the studio’s zone (400 naming `paidOn`).',
    method: '`cash`, `card` or `transfer`.',
    reference: 'A receipt number or the transfer’s reference, at most 140 characters, or null.',
  },
  {
    text: 'A payment the member made at the counter or by transfer.',
    examples: [
      {
        amount: { amount: 5200, currency: 'EUR' },
        paidOn: '2027-01-25',
        method: 'cash' as const,
        reference: 'Quittung 0815',
      },
    ],
  },
);

const Correction = component(
  CorrectionInput,
  'CorrectionInput',
  {
    amount: { text: 'What is credited or written off: more than 0.', fields: paidCents },
    reason: 'Why, 1 to 500 characters: kept with the entry.',
  },
  {
    text: 'A credit or a write-off by the owner.',
    examples: [{ amount: { amount: 300, currency: 'EUR' }, reason: 'Bank fee waived as a goodwill gesture' }],
  },
);

export const accountComponents = {
  Account,
  PaymentInput: Payment,
  CorrectionInput: Correction,
} satisfies Record<string, Component>;

const booked = {
  status: 201,
  description: 'The account after the booking.',
  content: { [json]: Account },
  headers: ['location'],
} as const;

const exactlyOnce =
  'Booked exactly once: under an `Idempotency-Key` a retry answers the first booking again and books nothing; DynamoDB’s own retries of the one transaction cannot book twice.';
const settling =
  'It settles the oldest open amounts first (returned dues and fees and dues that have come, by their day); a due it pays in full is `settled` and never collected by direct debit again, a returned due it pays in part is no longer collected (`collectable: false`); what is left over is credit that later dues use.';

export const accountOperations = {
  'accounts-get': {
    summary: 'Get a contract’s account',
    description:
      'The ledger with `balance`, `overdue`, `dunningLevel` and `inCollection`. Dues are booked when their day comes, lazily: this read first books, exactly once (ids made of the due), every due whose `dueOn` has come and every debit a collection sent since the account was last booked; contract answers show the account as last booked. Owners and staff.',
    success: {
      status: 200,
      description: 'The account; its `ETag` is the number of entries booked, which every booking changes.',
      content: { [json]: Account },
      headers: ['etag'],
    },
  },
  'accounts-record-payment': {
    summary: 'Record a payment',
    description: `Books a \`payment\` (negative). ${settling} Announces \`payment.recorded\` (\`data.id\` the contract’s), and \`account.settled\` when it brings \`overdue\` back to 0. ${exactlyOnce} Owners and staff.`,
    body: Payment,
    success: booked,
  },
  'accounts-credit': {
    summary: 'Grant a credit',
    description: `Books a \`credit\` (Gutschrift, negative) dated today. ${settling} ${exactlyOnce} Owners only.`,
    body: Correction,
    success: booked,
  },
  'accounts-write-off': {
    summary: 'Write off an amount',
    description: `Books a \`write-off\` (Ausbuchung, negative) dated today: what the studio gives up claiming. ${settling} ${exactlyOnce} Owners only.`,
    body: Correction,
    success: booked,
  },
} satisfies Record<RouteNameOf<'accounts'>, OperationDoc>;

/** Loaded by operations.ts by the area's name. */
export const docs: AreaDocs = { operations: accountOperations, components: accountComponents };
