import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FunctionName } from './bundles.ts';
import { type CallRecorder, describeCalls, totalUnits } from './dynamodb-calls.ts';
import { withTable } from './fixtures.ts';
import { floorClients, floorContender, type HandlerRecording, recordHandler } from './floors.ts';
import { callRoute, handlerOf } from './handlers.ts';
import type { ScalingResult } from './results.ts';
import { type BenchEvent, sampleEvent } from './sample-events.ts';
import { type Contender, compareInterleaved, type WarmOptions } from './warm.ts';

export interface SizedTable {
  contacts: number;
  /** Public declarations of other people than the studio person (fixtures.ts). */
  declarations: number;
  name: string;
}

const listRoute: FunctionName = 'contacts-list';
const exportRoute: FunctionName = 'contacts-export';

/** The cursor of the page that starts in the middle of the contact list, found by paging with the handler. */
const middleCursor = (table: SizedTable): Promise<string> =>
  withTable(table.name, async () => {
    const half = Math.floor(table.contacts / 2);
    const limit = Math.min(100, half);
    let cursor = '';
    for (let seen = 0; seen < half; seen += limit) {
      const query = `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await callRoute<{ nextCursor?: string }>(listRoute, sampleEvent(listRoute, { query }));
      if (!page.nextCursor) throw new Error(`The list of ${table.name} ended after ${seen + limit} contacts`);
      cursor = page.nextCursor;
    }
    return cursor;
  });

/**
 * List-page latency and cost with a small and a large table, for the first
 * page and for a page from the middle of the list, of the handler and of its
 * floor (the handler's Query for that very page, replayed alone): DynamoDB
 * Local's own time may depend on where in a large index a page starts, which
 * the floor shows apart from ours. Then the same for the export of the studio
 * person (fixtures.ts), alike in both tables, the large one holding thousands
 * of other people's declarations: a person's export reads that person only.
 * Each pair of tables is measured in alternating blocks, so noise favours neither.
 */
export const measureScaling = async (
  recorder: CallRecorder,
  floorClient: DynamoDBDocumentClient,
  [small, large]: [SizedTable, SizedTable],
  personIds: (table: SizedTable) => ReadonlyMap<string, string>,
  options: WarmOptions,
): Promise<ScalingResult[]> => {
  const listPage = (query: (table: SizedTable) => Promise<string>) => async (table: SizedTable) => {
    const pageQuery = await query(table);
    return () => sampleEvent(listRoute, { query: pageQuery });
  };
  const probes: {
    page: string;
    route: FunctionName;
    events: (table: SizedTable) => Promise<() => BenchEvent>;
  }[] = [
    { page: 'first page', route: listRoute, events: listPage(() => Promise.resolve('limit=25')) },
    {
      page: 'middle page (cursor)',
      route: listRoute,
      events: listPage(async (table) => `limit=25&cursor=${await middleCursor(table)}`),
    },
    {
      page: 'export of the studio person',
      route: exportRoute,
      events: async (table) => () => sampleEvent(exportRoute, { ids: personIds(table) }),
    },
  ];
  const results: ScalingResult[] = [];
  for (const { page, route, events } of probes) {
    const handler = await handlerOf(route);
    const sides: { recording: HandlerRecording; handlerSide: Contender; floorSide: Contender }[] = [];
    for (const table of [small, large]) {
      const event = await events(table);
      const nextEvent = async () => event();
      const recording = await withTable(table.name, async () => recordHandler(recorder, route, await nextEvent()));
      const handlerSide: Contender = {
        invoke: (event, context) => withTable(table.name, () => handler(event, context)),
        nextEvent,
        expectedStatus: recording.statusCode,
      };
      const floorSide = floorContender(floorClients(floorClient), recording, nextEvent, () => table.name);
      sides.push({ recording, handlerSide, floorSide });
    }
    const [smallSide, largeSide] = sides;
    if (!smallSide || !largeSide) throw new Error('Two tables are compared');
    const handlerComparison = await compareInterleaved(largeSide.handlerSide, smallSide.handlerSide, options);
    const floorComparison = await compareInterleaved(largeSide.floorSide, smallSide.floorSide, options);
    const costIn = ({ recording }: (typeof sides)[number]) => ({
      calls: describeCalls(recording.calls),
      readUnits: totalUnits(recording.calls).readUnits,
    });
    results.push({
      page,
      byTableSize: {
        [small.contacts]: {
          ...handlerComparison.baseline,
          floorP50: floorComparison.baseline.p50,
          ...costIn(smallSide),
        },
        [large.contacts]: { ...handlerComparison.subject, floorP50: floorComparison.subject.p50, ...costIn(largeSide) },
      },
      ratioP50: handlerComparison.ratioP50,
      floorRatioP50: floorComparison.ratioP50,
    });
  }
  return results;
};
