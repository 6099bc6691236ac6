import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CalendarDate } from '../contracts/dates.ts';
import type { DueAnswer } from '../contracts/dues/dues-schema.ts';
import { documentClient, tableName } from '../db/client.ts';
import { dueFromItem, dueKey } from './entity.ts';

const compact = (date: CalendarDate) => date.replaceAll('-', '');

/**
 * The stored dues of a contract (collected or returned) due from `from` to `to`: one Query of the
 * contract's partition, bounded by the range (a due's id is `<number>-<YYYYMMDD>`, so its key sorts by day).
 */
export const storedDuesOf = async (
  contract: { id: string; number: string },
  range: { from: CalendarDate; to: CalendarDate },
): Promise<DueAnswer[]> => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': dueKey(contract.id, '').pk,
          ':from': dueKey(contract.id, `${contract.number}-${compact(range.from)}`).sk,
          ':to': dueKey(contract.id, `${contract.number}-${compact(range.to)}~`).sk,
        },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items.map(dueFromItem);
};
