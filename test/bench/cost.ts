import { isDeepStrictEqual } from 'node:util';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FunctionName } from './bundles.ts';
import {
  type CallRecorder,
  type DynamoDbCall,
  describeCalls,
  isWrite,
  itemsWritten,
  totalUnits,
} from './dynamodb-calls.ts';
import { type Fixtures, nextTag, withTable } from './fixtures.ts';
import { floorClients, type HandlerRecording, recordHandler, replayPlan } from './floors.ts';
import { type Plan, type PlannedCall, planReplay, writeTargets } from './replay.ts';
import type { Scenario } from './scenarios.ts';
import { type ItemWrite, itemWrite } from './write-units.ts';

export interface Cost {
  calls: string;
  /** The same calls by operation, whatever their waves (`sameCost`). */
  operations: string;
  itemsWritten: number;
  readUnits: number;
  writeUnits: number;
  /** The part of `writeUnits` DynamoDB charged for the indexes. */
  indexWriteUnits: number;
}

export interface CostResult {
  name: FunctionName;
  route: string;
  /** The handler's cost in each table, by its number of contacts. */
  byTableSize: Record<string, Cost>;
  floor: Cost;
  /** The floor made the same calls and DynamoDB charged the same. */
  sameAsFloor: boolean;
  /** The handler's cost is the same in every table. */
  independentOfSize: boolean;
  /** Each item the request's transactions wrote, as AWS bills it. */
  itemWrites: ItemWrite[];
}

/*
 * Two costs are the same when the same calls were charged the same. Which calls form a wave (were in flight together)
 * follows from timing: a call answered before its neighbour was sent starts a wave of its own. So the calls are
 * compared by operation, whatever their waves; `calls` shows them as made.
 */
const sameCost = (a: Cost, b: Cost) => {
  const byOperation = ({ calls: _calls, ...rest }: Cost) => rest;
  return isDeepStrictEqual(byOperation(a), byOperation(b));
};

const costOfCalls = (calls: readonly DynamoDbCall[]): Cost => ({
  calls: describeCalls(calls),
  operations: describeCalls(calls.map((call) => ({ ...call, wave: 0 }))),
  itemsWritten: itemsWritten(calls),
  ...totalUnits(calls),
  indexWriteUnits: calls.reduce((sum, call) => sum + call.indexWriteUnits, 0),
});

const handlerCost = (recorder: CallRecorder, scenario: Scenario, fixtures: Fixtures) =>
  withTable(fixtures.table, async () => {
    const recording = await recordHandler(recorder, scenario.name, await scenario.event(fixtures));
    return { recording, cost: costOfCalls(recording.calls) };
  });

/**
 * One request of each scenario in each table by the handler, and one by its
 * floor (replaying the handler's calls in the largest table), with the
 * capacity DynamoDB reports.
 */
export const measureCosts = async (
  recorder: CallRecorder,
  floorClient: DynamoDBDocumentClient,
  snapshotClient: DynamoDBDocumentClient,
  scenarios: readonly Scenario[],
  tables: readonly { contacts: number; fixtures: Fixtures }[],
): Promise<CostResult[]> => {
  const [largest] = [...tables].sort((a, b) => b.contacts - a.contacts);
  if (!largest) throw new Error('No table to measure');
  const results: CostResult[] = [];
  for (const scenario of scenarios) {
    const byTableSize: Record<string, Cost> = {};
    let template: HandlerRecording | undefined;
    for (const { contacts, fixtures } of tables) {
      const { recording, cost } = await handlerCost(recorder, scenario, fixtures);
      byTableSize[contacts] = cost;
      if (fixtures === largest.fixtures) template = recording;
    }
    if (!template) throw new Error('No recording in the largest table');
    const plan = planReplay(template, await scenario.event(largest.fixtures), largest.fixtures.table);
    let itemWrites: ItemWrite[] = [];
    const floor = costOfCalls(
      await recorder.record(async () => {
        try {
          itemWrites = await replayObservingWrites(floorClient, snapshotClient, plan, largest.fixtures.table);
        } catch (error) {
          throw new Error(`${scenario.name}: its floor's replay failed`, { cause: error });
        }
      }),
    );
    const [first, ...others] = Object.values(byTableSize);
    const inLargest = byTableSize[largest.contacts];
    results.push({
      name: scenario.name,
      route: scenario.route,
      byTableSize,
      floor,
      sameAsFloor: inLargest !== undefined && sameCost(inLargest, floor),
      independentOfSize: first !== undefined && others.every((cost) => sameCost(cost, first)),
      itemWrites,
    });
  }
  return results;
};

/**
 * Replays a plan and reads every item its writes touch just before and just
 * after its wave, with a client the recorder does not watch: DynamoDB Local
 * reports one figure for a whole transaction (its items' sizes summed), where
 * AWS bills each item by itself, so the bench applies AWS's rules to the items.
 */
const replayObservingWrites = async (
  floorClient: DynamoDBDocumentClient,
  snapshotClient: DynamoDBDocumentClient,
  plan: Plan,
  table: string,
): Promise<ItemWrite[]> => {
  const images = {
    before: new Map<string, Record<string, unknown>>(),
    after: new Map<string, Record<string, unknown>>(),
  };
  const targets = (wave: readonly PlannedCall[]) => wave.filter(isWrite).flatMap(writeTargets);
  const keyText = (key: { pk: unknown; sk: unknown }) => `${key.pk}\u0000${key.sk}`;
  await replayPlan(floorClients(floorClient), plan, async (wave, stage) => {
    for (const { key } of targets(wave)) {
      const { Item } = await snapshotClient.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
      if (Item) images[stage].set(keyText(key), Item);
    }
  });
  return plan.waves
    .flatMap(targets)
    .map(({ action, key }) => itemWrite(action, images.before.get(keyText(key)), images.after.get(keyText(key))));
};

/** What one write request costs: every write is a transaction, 2 WCU per started KB of each item. */
export interface WriteCost {
  name: FunctionName;
  route: string;
  calls: string;
  /** Items in the request's transactions (puts, updates, deletes, condition checks). */
  items: number;
  /** What AWS bills: each item by itself (see `itemWrite`). */
  writeUnits: number;
  indexWriteUnits: number;
  itemWrites: ItemWrite[];
  /** What DynamoDB Local reported for the same request. */
  reportedWriteUnits: number;
  readUnits: number;
}

/** The write requests among the costs, from the largest table. */
export const writeCosts = (costs: readonly CostResult[]): WriteCost[] =>
  costs.flatMap(({ name, route, byTableSize, itemWrites }) => {
    const cost = Object.values(byTableSize).at(-1);
    if (!cost || cost.itemsWritten === 0) return [];
    const indexWriteUnits = itemWrites.reduce((sum, item) => sum + item.indexUnits, 0);
    return [
      {
        name,
        route,
        calls: cost.calls,
        items: cost.itemsWritten,
        writeUnits: itemWrites.reduce((sum, item) => sum + item.tableUnits, 0) + indexWriteUnits,
        indexWriteUnits,
        itemWrites,
        reportedWriteUnits: cost.writeUnits,
        readUnits: cost.readUnits,
      },
    ];
  });

export interface IdempotencyCost {
  name: FunctionName;
  /** The request without a key. */
  plain: Cost;
  /** The first request with a new `Idempotency-Key`. */
  first: Cost;
  /** The same request again: answered from the stored response. */
  replay: Cost;
}

/**
 * What an `Idempotency-Key` adds to each POST: the same request without a key,
 * with a new key, and its replay, in the large table (the key's record lives
 * in the same table).
 */
export const measureIdempotencyCosts = async (
  recorder: CallRecorder,
  scenarios: readonly Scenario[],
  fixtures: Fixtures,
): Promise<IdempotencyCost[]> => {
  const results: IdempotencyCost[] = [];
  for (const scenario of scenarios) {
    await withTable(fixtures.table, async () => {
      const plain = await recordHandler(recorder, scenario.name, await scenario.event(fixtures));
      const event = await scenario.event(fixtures);
      event.headers['idempotency-key'] = nextTag();
      const first = await recordHandler(recorder, scenario.name, structuredClone(event));
      const replayed = await recordHandler(recorder, scenario.name, event);
      if (first.statusCode !== replayed.statusCode || first.statusCode !== plain.statusCode) {
        throw new Error(
          `${scenario.name} answered ${plain.statusCode}, ${first.statusCode}, then ${replayed.statusCode}`,
        );
      }
      if (first.headers['idempotent-replayed'] || replayed.headers['idempotent-replayed'] !== 'true') {
        throw new Error(`${scenario.name} did not replay the second request with the key`);
      }
      results.push({
        name: scenario.name,
        plain: costOfCalls(plain.calls),
        first: costOfCalls(first.calls),
        replay: costOfCalls(replayed.calls),
      });
    });
  }
  return results;
};
