import { isDeepStrictEqual } from 'node:util';
import type { FunctionName } from './bundles.ts';
import { type CallRecorder, describeCalls, itemsWritten, totalUnits } from './dynamodb-calls.ts';
import { type Fixtures, nextTag, withTable } from './fixtures.ts';
import { invoke } from './handlers.ts';
import type { Scenario } from './scenarios.ts';

export interface Cost {
  calls: string;
  itemsWritten: number;
  readUnits: number;
  writeUnits: number;
}

export interface CostResult {
  name: FunctionName;
  /** The handler's cost in each table, by its number of contacts. */
  byTableSize: Record<string, Cost>;
  floor: Cost;
  /** The floor made the same calls and DynamoDB charged the same. */
  sameAsFloor: boolean;
  /** The handler's cost is the same in every table. */
  independentOfSize: boolean;
}

const costOf = async (
  recorder: CallRecorder,
  scenario: Scenario,
  fixtures: Fixtures,
  by: 'handler' | 'floor',
): Promise<Cost> =>
  withTable(fixtures.table, async () => {
    const event = await scenario.event(fixtures);
    let status: number | undefined;
    const calls = await recorder.record(async () => {
      status = (await invoke(scenario.name, event, by)).statusCode;
    });
    if (status !== scenario.expectedStatus) throw new Error(`${scenario.name} (${by}) answered ${status}`);
    return { calls: describeCalls(calls), itemsWritten: itemsWritten(calls), ...totalUnits(calls) };
  });

/** One request of each scenario in each table, handler and floor, with the capacity DynamoDB reports. */
export const measureCosts = async (
  recorder: CallRecorder,
  scenarios: readonly Scenario[],
  tables: readonly { contacts: number; fixtures: Fixtures }[],
): Promise<CostResult[]> => {
  const results: CostResult[] = [];
  for (const scenario of scenarios) {
    const byTableSize: Record<string, Cost> = {};
    for (const { contacts, fixtures } of tables)
      byTableSize[contacts] = await costOf(recorder, scenario, fixtures, 'handler');
    const [largest] = [...tables].sort((a, b) => b.contacts - a.contacts);
    if (!largest) throw new Error('No table to measure');
    const floor = await costOf(recorder, scenario, largest.fixtures, 'floor');
    const costs = Object.values(byTableSize);
    results.push({
      name: scenario.name,
      byTableSize,
      floor,
      sameAsFloor: isDeepStrictEqual(byTableSize[largest.contacts], floor),
      independentOfSize: costs.every((cost) => isDeepStrictEqual(cost, costs[0])),
    });
  }
  return results;
};

export interface IdempotencyCost {
  name: FunctionName;
  /** The first request with a new `Idempotency-Key`. */
  first: Cost;
  /** The same request again: answered from the stored response. */
  replay: Cost;
}

/**
 * What an `Idempotency-Key` adds to each POST: the first request and its
 * replay, in the large table (the key's record lives in the same table).
 */
export const measureIdempotencyCosts = async (
  recorder: CallRecorder,
  scenarios: readonly Scenario[],
  fixtures: Fixtures,
): Promise<IdempotencyCost[]> => {
  const results: IdempotencyCost[] = [];
  for (const scenario of scenarios) {
    await withTable(fixtures.table, async () => {
      const event = await scenario.event(fixtures);
      event.headers['idempotency-key'] = nextTag();
      const replayEvent = structuredClone(event);
      const measure = async (request: typeof event, expectReplay: boolean): Promise<Cost> => {
        let headers: Record<string, unknown> | undefined;
        const calls = await recorder.record(async () => {
          const result = await invoke(scenario.name, request);
          if (result.statusCode !== scenario.expectedStatus)
            throw new Error(`${scenario.name} answered ${result.statusCode}`);
          headers = result.headers;
        });
        if ((headers?.['idempotent-replayed'] === 'true') !== expectReplay) {
          throw new Error(`${scenario.name} was ${expectReplay ? 'not ' : ''}replayed`);
        }
        return { calls: describeCalls(calls), itemsWritten: itemsWritten(calls), ...totalUnits(calls) };
      };
      results.push({
        name: scenario.name,
        first: await measure(event, false),
        replay: await measure(replayEvent, true),
      });
    });
  }
  return results;
};
