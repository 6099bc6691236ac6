import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { itemsPut, planReplay, type Recording } from './replay.ts';
import type { BenchEvent } from './sample-events.ts';

// BatchWriteItem takes at most 25 items per call.
const batchSize = 25;

const writeBatch = async (client: DynamoDBDocumentClient, table: string, items: Record<string, unknown>[]) => {
  let requests = items.map((Item) => ({ PutRequest: { Item } }));
  while (requests.length) {
    const { UnprocessedItems } = await client.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
    requests = (UnprocessedItems?.[table] ?? []) as typeof requests;
  }
};

/**
 * Fills the table with `count` records by BatchWriteItem, `concurrency` calls
 * at a time: the items one recorded create put (a contact and its email's
 * claim), each time for the next request (`nextEvent`: a new email) and under
 * fresh ids, so the seed holds exactly what the store writes, without 20,000
 * transactions.
 */
export const seedFromRecording = async (
  client: DynamoDBDocumentClient,
  table: string,
  create: Recording,
  nextEvent: () => BenchEvent,
  count: number,
  concurrency = 8,
): Promise<void> => {
  const items = Array.from({ length: count }, () => itemsPut(planReplay(create, nextEvent(), table))).flat();
  const batches = Array.from({ length: Math.ceil(items.length / batchSize) }, (_, index) =>
    items.slice(index * batchSize, (index + 1) * batchSize),
  );
  const workers = Array.from({ length: concurrency }, async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) await writeBatch(client, table, batch);
  });
  await Promise.all(workers);
};
