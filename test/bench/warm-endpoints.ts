import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FunctionName } from './bundles.ts';
import type { Fixtures } from './fixtures.ts';
import { floorClients, floorContender, type HandlerRecording } from './floors.ts';
import { handlerOf } from './handlers.ts';
import type { WarmEndpointResult } from './results.ts';
import type { BenchEvent } from './sample-events.ts';
import type { Scenario } from './scenarios.ts';
import { type Contender, compareInterleaved, type WarmOptions } from './warm.ts';

/**
 * Every function that calls DynamoDB against its floor, in the large table.
 * (A function without a call has nothing to replay: its floor would be an
 * empty function, so its cold start is measured, not its warm ratio.)
 */
export const measureWarmEndpoints = async (
  measured: readonly { scenario: Scenario; recording: HandlerRecording }[],
  floorClient: DynamoDBDocumentClient,
  fixtures: Fixtures,
  options: WarmOptions,
  /** The stored file a download reads, which its floor reads too (stored-originals.ts). */
  storeFileOf: (name: FunctionName) => (event: BenchEvent) => string | undefined,
  /** A request recorded again now (its first recording when it did not answer as the first did). */
  recordAgain: (scenario: Scenario) => Promise<HandlerRecording>,
): Promise<WarmEndpointResult[]> => {
  const results: WarmEndpointResult[] = [];
  for (const { scenario } of measured.filter(({ recording }) => recording.calls.length > 0)) {
    // The floor replays what the handler does on the table as it is now: the functions measured before made
    // records some requests read (handovers on the agency's list, webhooks a change is sent to).
    const recording = await recordAgain(scenario);
    const nextEvent = () => scenario.event(fixtures);
    const handler: Contender = {
      invoke: await handlerOf(scenario.name),
      nextEvent,
      expectedStatus: recording.statusCode,
    };
    const floor = floorContender(
      floorClients(floorClient),
      recording,
      nextEvent,
      () => fixtures.table,
      storeFileOf(scenario.name),
    );
    const comparison = await compareInterleaved(handler, floor, options, scenario.name);
    results.push({
      endpoint: scenario.route,
      name: scenario.name,
      handler: comparison.subject,
      floor: comparison.baseline,
      ratioP50: comparison.ratioP50,
      ratioP99: comparison.ratioP99,
    });
  }
  return results;
};
