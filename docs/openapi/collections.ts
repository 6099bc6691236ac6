import * as v from 'valibot';
import { CollectionRecord } from '#shared/collections/collection-record.ts';
import { returnReasonCodes } from '#shared/collections/return-reasons.ts';
import {
  CollectionInput,
  CollectionList,
  CollectionListQuery,
  ReturnInput,
  ReturnRecord,
} from '#shared/collections/schema.ts';
import type { AreaDocs, RouteNameOf } from './area-docs.ts';
import { type Component, component } from './components.ts';
import type { OperationDoc } from './operation-doc.ts';
import { listQueryDocs, pageDocs } from './shared-docs.ts';

// SEPA collections (docs/collections.md): documented in English, as the studio and webhooks are.

const json = 'application/json';

const created = {
  id: '01JD5F0A1B2C3D4E5F6G7H8J9K',
  status: 'created' as const,
  collectionDate: '2027-02-02',
  creditor: {
    name: 'Studio Mitte GmbH',
    creditorId: 'DE98ZZZ09999999999',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
  },
  count: 2,
  total: { amount: 9800, currency: 'EUR' },
  dues: ['2027-000001-20270101', '2027-000001-20270201'],
  createdAt: '2027-01-18T09:00:00.000Z',
  createdBy: '3f1c9a52-7b2e-4d8a-9c61-0e5b8f2a4d17',
  updatedAt: '2027-01-18T09:00:01.250Z',
  version: 1,
};

const Collection = component(
  CollectionRecord,
  'Collection',
  {
    id: 'The collection’s id, a ULID; it is also the file’s `MsgId` (`PmtInfId` adds `-FRST` / `-RCUR`).',
    status:
      '`created` once every due is claimed; `building` while they are being claimed (a create that died half-way leaves it so until the next create finishes it, within a minute or so). Lists show both; only a `created` one has a file.',
    collectionDate: 'The day the bank is asked to collect (`ReqdColltnDt`): a TARGET2 business day.',
    creditor: {
      text: 'The studio as creditor when the collection was made (legal name, `sepa` of the studio profile); the file names it so, whatever changes later.',
      fields: {
        name: 'The studio’s legal name.',
        creditorId: 'The SEPA creditor identifier (Gläubiger-ID).',
        iban: 'The account the debits are paid into.',
        bic: 'Its BIC, or null (`NOTPROVIDED` in the file).',
      },
    },
    count: 'How many dues (debits) it holds.',
    total: {
      text: 'The sum of its debits (`CtrlSum`), in cents.',
      fields: { amount: 'Cents, a whole number.', currency: 'Always `EUR`.' },
    },
    dues: 'The ids of its dues, sorted; each is its debit’s `EndToEndId` and an `id` of `GET /api/contracts/{id}/dues`.',
    createdAt: 'When the create began: RFC 3339 UTC with milliseconds (the file’s `CreDtTm`).',
    createdBy: 'The `sub` of the owner who created it.',
    updatedAt: 'When it became `created`.',
    version: 'Always 1: a collection does not change once created (returns are recorded on its debits).',
  },
  { text: 'A collection of SEPA Core direct debits for one collection date.', examples: [created] },
);

const Input = component(
  CollectionInput,
  'CollectionInput',
  {
    collectionDate:
      'The day to collect on, `YYYY-MM-DD`: a TARGET2 business day (no weekend, 1 January, Good Friday, Easter Monday, 1 May, 25 or 26 December) and at least the first business day after today in the studio’s zone; else 400 naming `collectionDate`.',
  },
  { text: 'A new collection. Unknown fields are a 400.', examples: [{ collectionDate: '2027-02-02' }] },
);

const Page = component(CollectionList, 'CollectionList', pageDocs('en', Collection), {
  text: 'One page of collections, newest first.',
  examples: [{ items: [created], nextCursor: null }],
});

const ReturnBody = component(
  ReturnInput,
  'ReturnInput',
  {
    endToEndId:
      'The returned debit’s `EndToEndId` (the due’s id), as the bank’s return names it; one of the collection’s `dues`, else 422 `unprocessable`.',
    reasonCode: `The bank’s return reason, a code of ISO 20022’s ExternalReturnReason1Code list (${returnReasonCodes.length} codes, e.g. \`AM04\` insufficient funds, \`MD06\` refund request, \`AC04\` account closed); any other is a 400. \`MD01\`, \`AC04\`, \`AC06\`, \`MD07\` and \`SL01\` revoke the mandate.`,
    returnedOn: 'The day of the return, `YYYY-MM-DD`; not before the collection date (400).',
    bankFee: {
      text: 'What the bank actually charged for this return, 0 to 1500 cents (default 0; more is a 400): booked on the member’s account as `bank-fee`. Only the bank’s own charge is passed on, never a flat fee of the studio’s (BGH Xa ZR 40/08).',
      fields: { amount: 'Cents, a whole number from 0 to 1500.', currency: '`EUR`.' },
    },
  },
  {
    text: 'A returned debit (Rücklastschrift) as the bank reported it.',
    examples: [
      {
        endToEndId: '2027-000001-20270201',
        reasonCode: 'AM04' as const,
        returnedOn: '2027-02-08',
        bankFee: { amount: 300, currency: 'EUR' },
      },
    ],
  },
);

const Return = component(
  ReturnRecord,
  'Return',
  {
    collectionId: 'The collection the debit was in.',
    endToEndId: 'The returned debit, the due’s id.',
    contractId: 'The contract the due belongs to: `GET /api/contracts/{id}/dues` shows it `returned`.',
    amount: { text: 'The debit’s amount as it was sent.', fields: { amount: 'Cents.', currency: '`EUR`.' } },
    reasonCode: 'The return reason as given.',
    returnedOn: 'The day of the return.',
    mandateRevoked: 'True when the reason ends the mandate and this return revoked it (`mandate.revoked`).',
    bankFee: { text: 'The bank’s fee as booked (`bank-fee`).', fields: { amount: 'Cents.', currency: '`EUR`.' } },
    collectable:
      'True when the due is collected again by direct debit: only after `AM04` or `MS03`, at most twice (the due’s `representations`), and only from `preNotificationDays` after the Vorabankündigung mailed to the member with this return. False after any other code or a third return: the due waits for a payment, a new mandate or staff.',
  },
  {
    text: 'The recorded return.',
    examples: [
      {
        collectionId: created.id,
        endToEndId: '2027-000001-20270201',
        contractId: '01JD4ZC9D2E5F8G1H4J7K0M3N6',
        amount: { amount: 4900, currency: 'EUR' },
        reasonCode: 'AM04' as const,
        returnedOn: '2027-02-08',
        mandateRevoked: false,
        bankFee: { amount: 300, currency: 'EUR' },
        collectable: true,
      },
    ],
  },
);

export const collectionComponents = {
  Collection,
  CollectionInput: Input,
  CollectionList: Page,
  ReturnInput: ReturnBody,
  Return,
} satisfies Record<string, Component>;

export const collectionOperations = {
  'collections-list': {
    summary: 'List collections',
    description: 'Collections newest first, one page at a time (a `building` one too). Owners and staff.',
    query: { schema: CollectionListQuery, fields: listQueryDocs('en') },
    success: { status: 200, description: 'One page of collections.', content: { [json]: Page } },
    problems: { 400: ['validation-failed', 'invalid-cursor'] },
  },
  'collections-create': {
    summary: 'Create a collection',
    description:
      'Gathers every due with `dueOn` on or before `collectionDate` that is `planned` or `returned`, of a signed or terminated contract whose mandate is `active` (not pending, expired, revoked or replaced) and whose signing (the pre-notification with its schedule) lies at least the studio’s `preNotificationDays` before `collectionDate`; a due of a later-signed contract waits for a later collection. Only EUR dues above 0. A mandate’s first collection sends its debits as `FRST`, every later one as `RCUR` (a replacement mandate starts with `FRST` again). Each due goes into at most one collection until it is returned: two creates at once never share one, and a retry (a lost answer, an `Idempotency-Key`, a crash half-way) never gathers a due twice or loses one, for any number of dues (docs/collections.md). Nothing to gather: 422 `nothing-to-collect`, nothing written. Without the studio’s `sepa`: 422 `sepa-creditor-missing`. Announces `collection.created`. Owners only.',
    body: Input,
    success: {
      status: 201,
      description: 'The new collection.',
      content: { [json]: Collection },
      headers: ['etag', 'location'],
    },
    problems: { 422: ['nothing-to-collect', 'sepa-creditor-missing'] },
  },
  'collections-get': {
    summary: 'Get a collection',
    description: 'One collection with `count`, `total`, `dues` and `status`. Owners and staff.',
    success: { status: 200, description: 'The collection.', content: { [json]: Collection }, headers: ['etag'] },
  },
  'collections-file': {
    summary: 'Download the bank file',
    description:
      'The collection as a SEPA Core direct debit initiation, ISO 20022 `pain.008.001.08`, as German banks take it: one `PmtInf` per sequence type (`FRST` before `RCUR`), `EndToEndId` the due’s id, `MndtId` the mandate reference, `DtOfSgntr` the mandate’s signing day, `CdtrSchmeId` the creditor id, `ChrgBr` `SLEV`, amounts in EUR with two decimals, exact `NbOfTxs` and `CtrlSum`, names and `Ustrd` transliterated to the SEPA character set, a missing BIC as `NOTPROVIDED`. Rebuilt on each download from what was stored when the collection was made: always the same debits. `Content-Disposition: attachment; filename="Lastschriften-<collectionDate>.xml"`. A `building` collection has none yet (409). Owners and staff.',
    success: {
      status: 200,
      description: 'The pain.008.001.08 XML document.',
      content: { 'application/xml': v.string() },
    },
    problems: { 409: ['conflict'] },
  },
  'collections-return': {
    summary: 'Record a returned debit',
    description:
      'Records a Rücklastschrift: the due becomes `returned` (with `returnedOn` and `returnReason`), the debit in this collection keeps what was sent, and the member’s account books `return` and, above 0, `bank-fee` (docs/accounts.md). After `AM04` or `MS03` (at most twice) the member is mailed a German Vorabankündigung (amount, bank fee, mandate reference, creditor id, the earliest new date) after the answer, from the table’s stream on `due.returned` and retried until it goes (the due’s `preNotifiedOn` is its day), and a collection gathers the due again from `preNotificationDays` after that mail; after any other code or a third return it stays `collectable: false`. `MD01`, `AC04`, `AC06`, `MD07` and `SL01` revoke the mandate (`mandate.revoked`), other reasons leave it active. Announces `due.returned` (its `data.id` is the contract’s). A debit that is not in the collection: 422 `unprocessable`; a second return of the same debit: 409. Owners only.',
    body: ReturnBody,
    success: { status: 201, description: 'The recorded return.', content: { [json]: Return } },
    problems: { 409: ['conflict'], 422: ['unprocessable'] },
  },
} satisfies Record<RouteNameOf<'collections'>, OperationDoc>;

/** Loaded by operations.ts by the area's name. */
export const docs: AreaDocs = { operations: collectionOperations, components: collectionComponents };
