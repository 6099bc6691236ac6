import * as v from 'valibot';
import {
  ClosureInput,
  DebtCollectionQuery,
  DebtorList,
  HandoverAnswer,
} from '#shared/accounts/collection-agency/schema.ts';
import { ReminderAnswer } from '#shared/accounts/reminders/schema.ts';
import { AccountRecord, CorrectionInput, entryKinds, PaymentInput } from '#shared/accounts/schema.ts';
import type { AreaDocs, RouteNameOf } from './area-docs.ts';
import { type Component, component } from './components.ts';
import type { OperationDoc } from './operation-doc.ts';
import { listQueryDocs, nextCursorDocs } from './shared-docs.ts';

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
      '0 nothing overdue, 1 after the first reminder, 2 after the second, 3 handed to a collection agency; back to 0 when `overdue` reaches 0 (unless handed over). A reminder sets it (`POST …/account/reminders`).',
    inCollection: 'Whether the claim was handed to a collection agency (a later release: until then false).',
    entries: {
      text: 'The ledger, oldest first (by `bookedOn`, then in the order booked). Entries are never changed or deleted; a correction is a new entry.',
      fields: {
        id: 'Made of what the entry books (`due-<due id>`, `debit-<collection id>-<due id>`, `return-…`, `bank-fee-…`, `payment-<ULID>`, `credit-<ULID>`, `write-off-<ULID>`): the same fact is never booked twice.',
        bookedOn:
          'The day it counts from: a due’s `dueOn`, a debit’s collection date, a return’s `returnedOn`, a payment’s `paidOn`, the day of a credit or write-off.',
        kind: `One of ${entryKinds.map((kind) => `\`${kind}\``).join(', ')}: \`due\` (+, a due whose day has come or that a collection took), \`debit\` (−, the due’s amount sent in a collection), \`return\` (+, a returned debit), \`bank-fee\` (+, what the bank charged for the return), \`reminder-fee\` (+, the studio’s \`reminderFee\` booked by each reminder after the first), \`payment\` (−), \`credit\` (−), \`write-off\` (−).`,
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

const summaryFields = {
  text: 'The account’s summary after the reminder, as every contract answer carries it.',
  fields: {
    balance: { text: 'The sum of all entries.', fields: cents },
    overdue: { text: 'What is open of returned dues and fees.', fields: cents },
    dunningLevel: '1 after the first reminder of a round, 2 after any later one.',
    inCollection: 'Always false: a handed-over account is not reminded.',
  },
} as const;

const item = {
  text: 'One open item: a returned due with its open amount and bank fee, or an unpaid fee on its own.',
  fields: {
    dueId: 'The returned due, or null for a fee on its own (a bank fee whose due is paid, an earlier reminder’s fee).',
    text: 'The booking text as the letter prints it (German).',
    periodStart: 'The first day the due pays for, or null.',
    periodEnd: 'The last day the due pays for, or null.',
    amount: { text: 'What of the due (or fee) is open, without the bank fee.', fields: cents },
    returnedOn: 'The day the bank returned the debit, or null.',
    returnReason: 'The return’s ISO 20022 reason code (e.g. `AM04`), or null.',
    bankFee: { text: 'What is open of the bank’s fee for its return.', fields: cents },
  },
} as const;

const Reminder = component(
  ReminderAnswer,
  'Reminder',
  {
    contractId: 'The contract whose account it reminds of.',
    number: 'The contract’s reminders counted from 1, across rounds.',
    level: '1: a Zahlungserinnerung (the first of a round, free); 2: a Mahnung (books the fee).',
    sentOn: 'The letter’s day, `YYYY-MM-DD`, in the studio’s zone.',
    deadline: 'The day to pay by: 14 days after the letter.',
    fee: {
      text: 'The `reminder-fee` it booked; 0 for the first of a round or when the studio charges none.',
      fields: cents,
    },
    items: {
      text: 'The open items the letter lists, oldest first: each returned due with its open amount and bank fee, or an unpaid fee on its own.',
      fields: item.fields,
    },
    total: { text: 'What the letter asks for: the items and their bank fees.', fields: cents },
    iban: 'The studio’s account the member is asked to transfer to (its SEPA account); the contract’s number is the reference.',
    account: summaryFields,
  },
  {
    text: 'A reminder as sent: its letter (German, sealed, kept as the contract’s document of kind `reminder` and mailed) lists these items.',
    examples: [
      {
        contractId,
        number: 2,
        level: 2 as const,
        sentOn: '2027-02-19',
        deadline: '2027-03-05',
        fee: { amount: 250, currency: 'EUR' as const },
        items: [
          {
            dueId: '2027-000001-20270101',
            text: 'Beitrag 01.01.–31.01.2027 Vertrag 2027-000001',
            periodStart: '2027-01-01',
            periodEnd: '2027-01-31',
            amount: { amount: 4900, currency: 'EUR' as const },
            returnedOn: '2027-01-22',
            returnReason: 'MD06',
            bankFee: { amount: 300, currency: 'EUR' as const },
          },
          {
            dueId: null,
            text: 'Mahngebühr der Mahnung Nr. 2 vom 19.02.2027',
            periodStart: null,
            periodEnd: null,
            amount: { amount: 250, currency: 'EUR' as const },
            returnedOn: null,
            returnReason: null,
            bankFee: { amount: 0, currency: 'EUR' as const },
          },
        ],
        total: { amount: 5450, currency: 'EUR' as const },
        iban: 'DE89370400440532013000',
        account: {
          balance: { amount: 5450, currency: 'EUR' as const },
          overdue: { amount: 5450, currency: 'EUR' as const },
          dunningLevel: 2 as const,
          inCollection: false,
        },
      },
    ],
  },
);

const Handover = component(
  HandoverAnswer,
  'Handover',
  {
    contractId: 'The contract whose account was handed over.',
    number: 'The contract’s handovers counted from 1 (a withdrawn claim may be handed over again).',
    handedOverOn: 'The day it was handed over, `YYYY-MM-DD`.',
    contractNumber: 'The contract’s number: the reference the agency quotes.',
    contactId: 'The debtor’s contact.',
    items: { text: 'The open items handed over, as a reminder lists them.', fields: item.fields },
    total: { text: 'What was handed over: the items and their bank fees.', fields: cents },
    outcome: '`null` while the agency works on it; then `paid`, `partly-paid`, `uncollectable` or `withdrawn`.',
    paidAmount: { text: 'What the agency paid over, booked as a `payment`; null while open.', fields: cents },
    closedOn: 'The day the closure was booked, or null while open.',
    account: { ...summaryFields, text: 'The account’s summary after the handover or its closure.' },
  },
  {
    text: 'A claim handed to a collection agency, and how it ended.',
    examples: [
      {
        contractId,
        number: 1,
        handedOverOn: '2027-03-08',
        contractNumber: '2027-000001',
        contactId: '01JD5A0B1C2D3E4F5G6H7J8K9M',
        items: [],
        total: { amount: 5450, currency: 'EUR' as const },
        outcome: null,
        paidAmount: null,
        closedOn: null,
        account: {
          balance: { amount: 5450, currency: 'EUR' as const },
          overdue: { amount: 5450, currency: 'EUR' as const },
          dunningLevel: 3 as const,
          inCollection: true,
        },
      },
    ],
  },
);

const Closure = component(
  ClosureInput,
  'HandoverClosureInput',
  {
    outcome:
      '`paid` (the agency collected the claim), `partly-paid`, `uncollectable` (the rest is written off) or `withdrawn` (the studio took the claim back).',
    paidAmount: {
      text: 'What the agency paid over to the studio, booked as a `payment`: required (more than 0) for `paid` and `partly-paid`, optional otherwise.',
      fields: paidCents,
    },
  },
  { text: 'The agency’s result.', examples: [{ outcome: 'paid', paidAmount: { amount: 5450, currency: 'EUR' } }] },
);

const Debtors = component(
  DebtorList,
  'DebtCollection',
  {
    items: {
      text: 'The accounts with a collection agency, oldest handover first.',
      fields: {
        contractId: 'The contract.',
        contractNumber: 'The contract’s number: the reference the agency quotes.',
        handedOverOn: 'The day it was handed over.',
        firstName: 'The debtor’s first name as the contact holds it now.',
        lastName: 'The debtor’s last name as the contact holds it now.',
        address: {
          text: 'The debtor’s postal address as the contact holds it now, or null.',
          fields: {
            street: 'Street and number.',
            postalCode: 'Postal code.',
            city: 'City.',
            country: 'ISO 3166-1 alpha-2.',
          },
        },
        email: 'The debtor’s email as the contact holds it now, or null.',
        items: { text: 'The open items handed over.', fields: item.fields },
        total: { text: 'What was handed over.', fields: cents },
      },
    },
    nextCursor: nextCursorDocs('en'),
  },
  {
    text: 'One page of the accounts handed to a collection agency, for the agency.',
    examples: [{ items: [], nextCursor: null }],
  },
);

export const accountComponents = {
  Account,
  Reminder,
  Handover,
  HandoverClosureInput: Closure,
  DebtCollection: Debtors,
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
  'accounts-remind': {
    summary: 'Send a reminder',
    description:
      'While something is overdue (else 409): a German letter, „Zahlungserinnerung“ for the first of a round and „Mahnung“ after it, listing each open item (period, amount, return date and reason code, bank fee), the total, a deadline 14 days after the letter, the studio’s IBAN and the contract’s number as the transfer’s reference. It is sealed, kept write-once as the contract’s document of kind `reminder` and mailed with the PDF attached, after the answer (from the event). The first of a round is free; each later one books `reminder-fee` (the studio profile’s `reminderFee`). Sets `dunningLevel` to 1, then 2; it falls back to 0 when `overdue` reaches 0. Another within 14 days of the last is a 409, as is one for an account handed to a collection agency; of two at once one is sent and the other is a 409. Announces `reminder.sent`. ' +
      exactlyOnce.replace('booking', 'reminder') +
      ' Owners and staff.',
    success: {
      status: 201,
      description: 'The reminder as sent, and the account’s summary after it.',
      content: { [json]: Reminder },
      headers: ['location'],
    },
  },
  'accounts-hand-over': {
    summary: 'Hand the account to a collection agency',
    description:
      'Only at `dunningLevel` 2 and after the last Mahnung’s deadline has passed (else 409): a claim goes to an agency only after the member was reminded, warned and given time, never straight after a return. Keeps the open items and their total as handed over, sets `inCollection` and level 3 and announces `account.handed-over`; the account then appears in `GET /api/debt-collection`. No more reminders while it is there. Of two at once one is handed over, the other is a 409. ' +
      exactlyOnce.replace('booking', 'handover') +
      ' Owners only.',
    success: {
      status: 201,
      description: 'The handover and the account’s summary after it.',
      content: { [json]: Handover },
      headers: ['location'],
    },
    problems: { 409: ['conflict'] },
  },
  'accounts-close-handover': {
    summary: 'Close a handover with the agency’s result',
    description:
      'Books what the agency paid over as a `payment` (which settles the oldest open amounts first) and, for `uncollectable`, what is still overdue after it as a `write-off`; the handover ends (it leaves `GET /api/debt-collection`) and `inCollection` is false again. The level follows what is still overdue: 0 when nothing is, else 2, so a withdrawn claim can be reminded and handed over again. An account not with an agency: 409. ' +
      exactlyOnce +
      ' Owners only.',
    body: Closure,
    success: {
      status: 201,
      description: 'The closed handover and the account’s summary after it.',
      content: { [json]: Handover },
      headers: ['location'],
    },
    problems: { 409: ['conflict'] },
  },
  'accounts-debt-collection': {
    summary: 'List the accounts with a collection agency',
    description:
      'Every account handed over and not closed, oldest handover first, one page at a time: the debtor’s name, address and email (as the contact holds them now), the contract’s number, the open items and the total as handed over. Each page is one Query of an index that holds only those accounts. With `Accept: text/csv` the same page as CSV for the agency: UTF-8 with a byte order mark, a header row, one line per open item (the debtor’s columns repeated), every cell quoted, amounts in euros with a decimal point; a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return starts with `\'` instead, so that no spreadsheet runs it as a formula. The CSV pages as the JSON does (`limit`, `cursor`); its next page is the `Link` header’s (`rel="next"`), absent on the last page: ask for `limit=100` and follow it. Owners only.',
    query: { schema: DebtCollectionQuery, fields: listQueryDocs('en') },
    success: {
      status: 200,
      description: 'One page of the accounts handed over, as JSON or as CSV.',
      content: { [json]: Debtors, 'text/csv': v.string() },
      headers: ['link'],
    },
    problems: { 400: ['validation-failed', 'invalid-cursor'] },
  },
} satisfies Record<RouteNameOf<'accounts'>, OperationDoc>;

/** Loaded by operations.ts by the area's name. */
export const docs: AreaDocs = { operations: accountOperations, components: accountComponents };
