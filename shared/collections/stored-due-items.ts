import type { CalendarDate } from '../contracts/dates.ts';
import type { DueAnswer } from '../contracts/dues/dues-schema.ts';
import { dueFromItem, dueKey } from './entity.ts';
import { queryAll } from './query-all.ts';

const compact = (date: CalendarDate) => date.replaceAll('-', '');

/**
 * The stored dues of a contract (collected or returned) due from `from` to `to`: one Query of the
 * contract's partition, bounded by the range (a due's id is `<number>-<YYYYMMDD>`, so its key sorts by day).
 */
export const storedDuesOf = async (
  contract: { id: string; number: string },
  range: { from: CalendarDate; to: CalendarDate },
): Promise<DueAnswer[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': dueKey(contract.id, '').pk,
      ':from': dueKey(contract.id, `${contract.number}-${compact(range.from)}`).sk,
      ':to': dueKey(contract.id, `${contract.number}-${compact(range.to)}~`).sk,
    },
    ConsistentRead: true,
  });
  return items.map(dueFromItem);
};
