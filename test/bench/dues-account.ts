import { DeleteTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '#infra/local/ensure-table.ts';
import { sampleCollectionId } from '#shared/collections/area.ts';
import { sampleContactId } from '#shared/contacts/area.ts';
import { sampleAmendmentId, sampleContractId } from '#shared/contracts/area.ts';
import { addDays, addMonths, type CalendarDate, todayIn } from '#shared/contracts/dates.ts';
import { businessDayOnOrAfter } from '#shared/sepa/target2.ts';
import { sampleServiceId } from '#shared/services/area.ts';
import type { FunctionName } from './bundles.ts';
import { type CallRecorder, type DynamoDbCall, describeCalls } from './dynamodb-calls.ts';
import { nextTag, signedContractFrom, withTable } from './fixtures.ts';
import { callRoute, handlerOf } from './handlers.ts';
import { type BenchEvent, sampleEvent } from './sample-events.ts';
import type { Latency } from './stats.ts';
import { type Contender, compareInterleaved, type WarmOptions } from './warm.ts';

/*
 * Two demands on reads that grow with a contract's history, each on a table of its own (its contracts stand on
 * days of their own, and a collection takes every collectable due of its table):
 * - the dues of a 24-month contract with 3 pauses and 2 price changes: still one Query, warm p50 within 1.10 × the
 *   dues of a plain one (the amended contract against the plain one, interleaved as a handler against its floor);
 * - the account of a contract with 5 years of monthly dues, 10 returns and 10 payments: its calls, the items they
 *   read and its warm p50, after the first read has booked what had come due (a GET that may write).
 */

/** What `npm run bench -- --only dues-account` measures with the general ratios besides its own figures. */
export const duesAccountFunctions: readonly FunctionName[] = [
  'contracts-dues',
  'accounts-get',
  'accounts-remind',
  'accounts-hand-over',
  'accounts-close-handover',
];

export interface CallsResult {
  /** `Query`, `GetItem ×2, TransactWriteItems(3)`, … of one warm request. */
  calls: string;
  queries: number;
  others: number;
  itemsRead: number;
}

export interface DuesAccountResult {
  dues: {
    months: number;
    pauses: number;
    priceChanges: number;
    plain: Latency & CallsResult;
    amended: Latency & CallsResult;
    /** Amended p50 / plain p50. */
    ratioP50: number;
  };
  account: Latency &
    CallsResult & {
      entries: number;
      dueEntries: number;
      returns: number;
      payments: number;
      /** The first read's calls: it books what has come due since the last booking. */
      firstRead: string;
    };
}

interface ApiRecord {
  id: string;
  [field: string]: unknown;
}

const callsOf = (calls: readonly DynamoDbCall[]): CallsResult => ({
  calls: describeCalls(calls),
  queries: calls.filter((call) => call.operation === 'Query').length,
  others: calls.filter((call) => call.operation !== 'Query').length,
  itemsRead: calls
    .filter((call) => call.operation === 'Query' || call.operation === 'GetItem')
    .reduce((sum, call) => sum + call.items, 0),
});

const withBody = (event: BenchEvent, body: Record<string, unknown>): BenchEvent => {
  event.body = JSON.stringify(body);
  delete event.headers['content-length'];
  return event;
};

const firstOfMonth = (day: CalendarDate): CalendarDate => `${day.slice(0, 8)}01`;

/** A monthly service and the placeholders a contract's sample body names (contact, service). */
const monthlyMember = async (serviceId: string) => {
  const contact = await callRoute<ApiRecord>('contacts-create', sampleEvent('contacts-create', { tag: nextTag() }));
  return new Map([
    [sampleContactId, contact.id],
    [sampleServiceId, serviceId],
  ]);
};

/** A contract of the monthly service from `startDate`, signed with its mandate. */
const signedContract = async (serviceId: string, startDate: CalendarDate): Promise<ApiRecord> =>
  signedContractFrom(await monthlyMember(serviceId), startDate);

/** An amendment offered and signed by the customer: in force. */
const agreed = async (contractId: string, offer: Record<string, unknown>) => {
  const ids = new Map([[sampleContractId, contractId]]);
  const amendment = await callRoute<ApiRecord>(
    'contracts-offer-amendment',
    withBody(sampleEvent('contracts-offer-amendment', { ids }), offer),
  );
  ids.set(sampleAmendmentId, amendment.id);
  await callRoute('contracts-sign-amendment', sampleEvent('contracts-sign-amendment', { ids, record: amendment }));
};

const pause = (from: CalendarDate, lastDay: CalendarDate) => ({
  kind: 'pause',
  effectiveFrom: from,
  lastDay,
  reason: 'holiday',
  monthlyFee: { amount: 500, currency: 'EUR' },
});

const priceChange = (serviceId: string, from: CalendarDate, amount: number) => ({
  kind: 'price',
  effectiveFrom: from,
  items: [{ serviceId, unitPrice: { amount, currency: 'EUR' } }],
});

const setClock = (day: CalendarDate) => {
  process.env.STUDIO_CLOCK = `${day}T09:00:00Z`;
};

const measureDues = async (recorder: CallRecorder, serviceId: string, options: WarmOptions) => {
  const today = todayIn('Europe/Berlin', new Date());
  // From the first of next month: every pause and price change lies ahead, as an offer must.
  const start = addMonths(firstOfMonth(today), 1);
  const months = 24;
  const plain = await signedContract(serviceId, start);
  const amended = await signedContract(serviceId, start);
  const pauses = [
    pause(addDays(addMonths(start, 2), 9), addDays(addMonths(start, 2), 22)),
    pause(addMonths(start, 9), addDays(addMonths(start, 10), -1)),
    pause(addDays(addMonths(start, 17), 4), addDays(addMonths(start, 17), 19)),
  ];
  const prices = [
    priceChange(serviceId, addMonths(start, 6), 5400),
    priceChange(serviceId, addMonths(start, 13), 5900),
  ];
  for (const offer of [...pauses, ...prices]) await agreed(amended.id, offer);

  const query = `from=${start}&to=${addDays(addMonths(start, months), -1)}`;
  const eventOf = (contract: ApiRecord) =>
    sampleEvent('contracts-dues', { ids: new Map([[sampleContractId, contract.id]]), query });
  const invoke = await handlerOf('contracts-dues');
  const contender = (contract: ApiRecord): Contender => ({
    invoke,
    nextEvent: async () => eventOf(contract),
    expectedStatus: 200,
  });
  const callsOfOne = async (contract: ApiRecord) =>
    callsOf(await recorder.record(() => callRoute('contracts-dues', eventOf(contract))));
  const amendedCalls = await callsOfOne(amended);
  const plainCalls = await callsOfOne(plain);
  const comparison = await compareInterleaved(contender(amended), contender(plain), options);
  return {
    months,
    pauses: pauses.length,
    priceChanges: prices.length,
    plain: { ...comparison.baseline, ...plainCalls },
    amended: { ...comparison.subject, ...amendedCalls },
    ratioP50: comparison.ratioP50,
  };
};

const returnsAndPayments = 10;
const accountYears = 5;

/**
 * A contract that started 5 years ago (60 monthly dues up to this month's), its first 10 dues collected in one
 * collection and all returned, then 10 payments at the counter; the rest booked by the first read.
 */
const measureAccount = async (recorder: CallRecorder, serviceId: string, options: WarmOptions) => {
  const today = todayIn('Europe/Berlin', new Date());
  const start = addMonths(firstOfMonth(today), -(accountYears * 12 - 1));
  try {
    setClock(addDays(start, -20));
    const contract = await signedContract(serviceId, start);
    // The 10th due's day passed, the 11th's not yet: the collection takes exactly the first 10.
    const collectionDate = businessDayOnOrAfter(addDays(addMonths(start, returnsAndPayments - 1), 5));
    setClock(addDays(collectionDate, -16));
    const collection = await callRoute<ApiRecord>(
      'collections-create',
      sampleEvent('collections-create', { record: { collectionDate } }),
    );
    const dueIds = collection.dues as string[];
    if (dueIds.length !== returnsAndPayments)
      throw new Error(`The account's collection took ${dueIds.length} dues, not ${returnsAndPayments}`);
    const returnedOn = addDays(collectionDate, 3);
    setClock(returnedOn);
    const collectionIds = new Map([[sampleCollectionId, collection.id]]);
    for (const endToEndId of dueIds) {
      await callRoute(
        'collections-return',
        sampleEvent('collections-return', { ids: collectionIds, record: { endToEndId, returnedOn } }),
      );
    }
    const paidOn = addDays(returnedOn, 2);
    setClock(paidOn);
    const contractIds = new Map([[sampleContractId, contract.id]]);
    for (let payment = 0; payment < returnsAndPayments; payment++) {
      const event = sampleEvent('accounts-record-payment', { ids: contractIds });
      await callRoute('accounts-record-payment', withBody(event, { ...JSON.parse(event.body ?? '{}'), paidOn }));
    }
    delete process.env.STUDIO_CLOCK;

    const eventOf = () => sampleEvent('accounts-get', { ids: contractIds });
    const first = await recorder.record(() => callRoute('accounts-get', eventOf()));
    let account: { entries: { kind: string }[] } = { entries: [] };
    const warm = await recorder.record(async () => {
      account = await callRoute('accounts-get', eventOf());
    });
    const invoke = await handlerOf('accounts-get');
    const reads: Contender = { invoke, nextEvent: async () => eventOf(), expectedStatus: 200 };
    // Against itself: the warm-up and blocks of compareInterleaved, the subject's figures taken.
    const { subject } = await compareInterleaved(reads, reads, options);
    const count = (kind: string) => account.entries.filter((entry) => entry.kind === kind).length;
    return {
      ...subject,
      ...callsOf(warm),
      entries: account.entries.length,
      dueEntries: count('due'),
      returns: count('return'),
      payments: count('payment'),
      firstRead: describeCalls(first),
    };
  } finally {
    delete process.env.STUDIO_CLOCK;
  }
};

/** Both demands on a table of their own, deleted once measured. */
export const measureDuesAndAccount = async (
  client: DynamoDBClient,
  recorder: CallRecorder,
  options: WarmOptions & { table: string },
): Promise<DuesAccountResult> => {
  await ensureTable(client, options.table);
  try {
    return await withTable(options.table, async () => {
      await callRoute('studio-put', sampleEvent('studio-put'));
      const service = await callRoute<ApiRecord>(
        'services-create',
        sampleEvent('services-create', { tag: nextTag(), record: { billingInterval: 'month' } }),
      );
      return {
        dues: await measureDues(recorder, service.id, options),
        account: await measureAccount(recorder, service.id, options),
      };
    });
  } finally {
    // DynamoDB Local slows down as it holds more; nothing after needs these contracts.
    await client.send(new DeleteTableCommand({ TableName: options.table }));
  }
};
