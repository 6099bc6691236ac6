import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';

/** Every item a Query matches, page after page (DynamoDB stops each page at 1 MB). */
export const queryAll = async (
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
};

/** `work` over `values`, at most `width` at a time: many Queries in parallel, never all at once. */
export const inParallel = async <T, R>(values: readonly T[], width: number, work: (value: T) => Promise<R>) => {
  const results: R[] = new Array(values.length);
  let next = 0;
  const lane = async () => {
    while (next < values.length) {
      const index = next++;
      results[index] = await work(values[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, values.length) }, lane));
  return results;
};
