import { type CallRecorder, describeCalls, totalUnits } from './dynamodb-calls.ts';
import { routeEvent } from './events.ts';
import { withTable } from './fixtures.ts';
import { callRoute, floorOf, handlerOf } from './handlers.ts';
import type { ScalingResult } from './results.ts';
import { type Contender, compareInterleaved, type Invoke, type WarmOptions } from './warm.ts';

export interface SizedTable {
  contacts: number;
  name: string;
}

/** The cursor of the page that starts in the middle of the contact list, found by paging with the handler. */
const middleCursor = (table: SizedTable): Promise<string> =>
  withTable(table.name, async () => {
    const half = Math.floor(table.contacts / 2);
    const limit = Math.min(100, half);
    let cursor = '';
    for (let seen = 0; seen < half; seen += limit) {
      const page = await callRoute('contacts-list', { query: `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}` });
      if (!page.nextCursor) throw new Error(`The list of ${table.name} ended after ${seen + limit} contacts`);
      cursor = page.nextCursor;
    }
    return cursor;
  });

/**
 * List-page latency and cost with a small and a large table, for the first
 * page and for a page from the middle of the list, of the handler and of its
 * floor (the same Query alone): DynamoDB Local's own time may depend on where
 * in a large index a page starts, which the floor shows apart from ours. Each
 * pair of tables is measured in alternating blocks, so noise favours neither.
 */
export const measureScaling = async (
  recorder: CallRecorder,
  [small, large]: [SizedTable, SizedTable],
  options: WarmOptions,
): Promise<ScalingResult[]> => {
  const sides = { handler: await handlerOf('contacts-list'), floor: await floorOf('contacts-list') };
  const pages = [
    { page: 'first page', query: () => Promise.resolve('limit=25') },
    {
      page: 'middle page (cursor)',
      query: async (table: SizedTable) => `limit=25&cursor=${await middleCursor(table)}`,
    },
  ];
  const results: ScalingResult[] = [];
  for (const { page, query } of pages) {
    const queries = new Map([
      [small, await query(small)],
      [large, await query(large)],
    ]);
    const contender = (table: SizedTable, invoke: Invoke): Contender => ({
      invoke: (event, context) => withTable(table.name, () => invoke(event, context)),
      nextEvent: () => routeEvent('contacts-list', { query: queries.get(table) ?? '' }),
      expectedStatus: 200,
    });
    const handler = await compareInterleaved(contender(large, sides.handler), contender(small, sides.handler), options);
    const floor = await compareInterleaved(contender(large, sides.floor), contender(small, sides.floor), options);
    const costIn = async (table: SizedTable) => {
      const event = routeEvent('contacts-list', { query: queries.get(table) ?? '' });
      const calls = await recorder.record(() => contender(table, sides.handler).invoke(event, {} as never));
      return { calls: describeCalls(calls), readUnits: totalUnits(calls).readUnits };
    };
    results.push({
      page,
      byTableSize: {
        [small.contacts]: { ...handler.baseline, floorP50: floor.baseline.p50, ...(await costIn(small)) },
        [large.contacts]: { ...handler.subject, floorP50: floor.subject.p50, ...(await costIn(large)) },
      },
      ratioP50: handler.ratioP50,
      floorRatioP50: floor.ratioP50,
    });
  }
  return results;
};
