import { DeleteTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '#infra/local/ensure-table.ts';
import { sampleCollectionId } from '#shared/collections/area.ts';
import { sampleContactId } from '#shared/contacts/area.ts';
import { addDays, type CalendarDate, todayIn } from '#shared/contracts/dates.ts';
import { businessDayOnOrAfter } from '#shared/sepa/target2.ts';
import { sampleServiceId } from '#shared/services/area.ts';
import { at, childrenNamed, ensureXmllint, parseXml, validateFile } from '../support/pain008.ts';
import type { FunctionName } from './bundles.ts';
import { type CallRecorder, totalUnits } from './dynamodb-calls.ts';
import { nextTag, signedContractFrom, withTable } from './fixtures.ts';
import { callRoute, invoke } from './handlers.ts';
import { sampleEvent } from './sample-events.ts';
import { type Latency, latency, round } from './stats.ts';

/*
 * Issue 22: SEPA direct debit. The dues of a contract are computed on every read (stored only once
 * collected), so their route is held to the general warm ratio against the same DynamoDB calls; its sample
 * request asks for two years of a membership's monthly dues. A collection's create gathers every due there
 * is, and a return uses its due up: neither can be asked again and again of the same records, so both are
 * measured by their own scenario on a table of their own (a collection of 2,000 dues, then returns of
 * some of them), not against a floor.
 */

/** Measured by the SEPA scenario below, not by the warm and cold-start runs of every function. */
export const ownScenarioFunctions: readonly FunctionName[] = ['collections-create', 'collections-return'];

/** What `npm run bench -- --only sepa` measures: the mandate, the dues and the collections' functions. */
export const sepaFunctions: readonly FunctionName[] = [
  'contracts-dues',
  'contracts-get-mandate',
  'contracts-list-mandates',
  'contracts-add-mandate',
  'contracts-sign-mandate',
  'contracts-revoke-mandate',
  'collections-list',
  'collections-get',
  'collections-file',
  ...ownScenarioFunctions,
];

export interface CollectionResult {
  dues: number;
  /** The create's answer, from the request to the stored `created` collection. */
  createMs: number;
  calls: number;
  writeUnits: number;
  readUnits: number;
  file: { bytes: number; generation: Latency };
  returns: { latency: Latency; writeUnitsEach: number };
}

interface ApiRecord {
  id: string;
  [field: string]: unknown;
}

const weeksOfDues = 500;
const contracts = 4;

/** A weekly membership whose 500th due falls on the collection date, with a signed mandate. */
const weeklyContract = async (collectionDate: CalendarDate, serviceId: string, index: number) => {
  const tag = nextTag();
  const contact = await callRoute<ApiRecord>('contacts-create', sampleEvent('contacts-create', { tag }));
  const ids = new Map([
    [sampleContactId, contact.id],
    [sampleServiceId, serviceId],
  ]);
  await signedContractFrom(ids, addDays(collectionDate, -7 * (weeksOfDues - 1) - index));
};

const fail = (what: string): never => {
  throw new Error(`The collection of 2,000 dues: ${what}`);
};

/**
 * What test/collections/large.test.ts checked before it moved here (a suite of 10 minutes cannot collect 2,000
 * dues): every due claimed once, the exact total, a file that validates against ISO 20022's schema with the same
 * count and sum, and nothing left for a second create.
 */
const checkCollection = async (created: ApiRecord, service: ApiRecord, collectionDate: CalendarDate, xml: string) => {
  const expected = contracts * weeksOfDues;
  const dues = created.dues as string[];
  if (created.count !== expected || new Set(dues).size !== expected)
    fail(`${created.count} dues counted, ${new Set(dues).size} distinct, not ${expected}`);
  const cents = expected * (service.price as { amount: number }).amount;
  if ((created.total as { amount: number }).amount !== cents)
    fail(`total ${JSON.stringify(created.total)}, not ${cents} cents`);
  ensureXmllint();
  const verdict = validateFile(xml);
  if (verdict.status !== 0) fail(`its file does not validate: ${verdict.stderr}`);
  const initiation = at(parseXml(xml), 'CstmrDrctDbtInitn');
  if (at(initiation, 'GrpHdr/NbOfTxs').text !== String(expected)) fail('the file counts another number of debits');
  if (at(initiation, 'GrpHdr/CtrlSum').text !== (cents / 100).toFixed(2)) fail('the file sums to another total');
  const [first] = childrenNamed(initiation, 'PmtInf');
  if (!first || at(first, 'PmtTpInf/SeqTp').text !== 'FRST') fail('its first debits are not sent as FRST');
  const again = await invoke('collections-create', sampleEvent('collections-create', { record: { collectionDate } }));
  if (again.statusCode !== 422) fail(`a second create answered ${again.statusCode}, not 422 nothing-to-collect`);
  const listed = await callRoute<{ items: { count: number }[] }>('collections-list', sampleEvent('collections-list'));
  const counts = listed.items.map((collection) => collection.count);
  if (counts.length !== 1 || counts[0] !== expected) fail(`the table holds collections of ${counts.join(', ')} dues`);
};

/**
 * 2,000 dues (four weekly memberships of 500 weeks each, the one of issue 22), collected in one create; its
 * file generated `fileRuns` times; then `returns` of its debits recorded one by one.
 */
export const measureCollection = async (
  client: DynamoDBClient,
  recorder: CallRecorder,
  options: { table: string; fileRuns: number; returns: number },
): Promise<CollectionResult> => {
  await ensureTable(client, options.table);
  try {
    return await measureOnTable(recorder, options);
  } finally {
    // Its figures taken, the table goes: DynamoDB Local slows down as it holds more, and the parts after need none of it.
    await client.send(new DeleteTableCommand({ TableName: options.table }));
  }
};

const measureOnTable = (recorder: CallRecorder, options: { table: string; fileRuns: number; returns: number }) =>
  withTable(options.table, async () => {
    await callRoute('studio-put', sampleEvent('studio-put'));
    const today = todayIn('Europe/Berlin', new Date());
    // The pre-notification (the signing, today) 14 days before, and a business day.
    const collectionDate = businessDayOnOrAfter(addDays(today, 15));
    const service = await callRoute<ApiRecord>(
      'services-create',
      sampleEvent('services-create', { tag: nextTag(), record: { billingInterval: 'week' } }),
    );
    for (let index = 0; index < contracts; index++) await weeklyContract(collectionDate, service.id, index);

    let created: ApiRecord | undefined;
    const started = performance.now();
    const calls = await recorder.record(async () => {
      created = await callRoute<ApiRecord>(
        'collections-create',
        sampleEvent('collections-create', { record: { collectionDate } }),
      );
    });
    const createMs = performance.now() - started;
    if (!created) throw new Error('collections-create answered nothing');
    const ids = new Map([[sampleCollectionId, created.id]]);
    const fileTimes: number[] = [];
    let xml = '';
    for (let run = 0; run < options.fileRuns; run++) {
      const begin = performance.now();
      const file = await invoke('collections-file', sampleEvent('collections-file', { ids }));
      fileTimes.push(performance.now() - begin);
      if (file.statusCode !== 200) throw new Error(`collections-file answered ${file.statusCode}`);
      xml = file.body ?? '';
    }
    // Checked on the file the last run generated: its time taken, the checks do not add a generation of their own.
    await checkCollection(created, service, collectionDate, xml);

    const dueIds = created.dues as string[];
    // The bank's return a few days after the collection, recorded that day: the clock moves there.
    const returnedOn = addDays(collectionDate, 5);
    process.env.STUDIO_CLOCK = `${returnedOn}T09:00:00Z`;
    const returnTimes: number[] = [];
    let returnUnits = 0;
    for (const endToEndId of dueIds.slice(0, options.returns)) {
      const begin = performance.now();
      const returned = await recorder.record(() =>
        callRoute('collections-return', sampleEvent('collections-return', { ids, record: { endToEndId, returnedOn } })),
      );
      returnTimes.push(performance.now() - begin);
      returnUnits += totalUnits(returned).writeUnits;
    }
    delete process.env.STUDIO_CLOCK;
    const units = totalUnits(calls);
    return {
      dues: dueIds.length,
      createMs: Math.round(createMs),
      calls: calls.length,
      writeUnits: round(units.writeUnits, 1),
      readUnits: round(units.readUnits, 1),
      file: { bytes: Buffer.byteLength(xml), generation: latency(fileTimes) },
      returns: {
        latency: latency(returnTimes),
        writeUnitsEach: round(returnUnits / Math.max(1, returnTimes.length), 1),
      },
    };
  });
