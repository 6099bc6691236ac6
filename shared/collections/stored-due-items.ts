import type { CalendarDate } from '../contracts/dates.ts';
import type { DueAnswer } from '../contracts/dues/dues-schema.ts';
import { contractSortPrefix } from '../contracts/keys.ts';
import { dueFromItem, dueKey } from './entity.ts';
import { queryAll } from './query-all.ts';

const compact = (date: CalendarDate) => date.replaceAll('-', '');

interface DueRange {
  from: CalendarDate;
  to: CalendarDate;
}

/** The first and last sort key of a contract's stored dues due in the range. */
const dueKeysOf = (contract: { id: string; number: string }, range: DueRange) => ({
  first: dueKey(contract.id, `${contract.number}-${compact(range.from)}`).sk,
  last: dueKey(contract.id, `${contract.number}-${compact(range.to)}~`).sk,
});

/**
 * The stored dues of a contract (collected or returned) due from `from` to `to`: one Query of the
 * contract's partition, bounded by the range (a due's id is `<number>-<YYYYMMDD>`, so its key sorts by day).
 */
export const storedDuesOf = async (contract: { id: string; number: string }, range: DueRange): Promise<DueAnswer[]> => {
  const { first, last } = dueKeysOf(contract, range);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': dueKey(contract.id, '').pk, ':from': first, ':to': last },
    ConsistentRead: true,
  });
  return items.map(dueFromItem);
};

/**
 * The contract's item and every stored due of it, in one Query: its sort keys run from `CONTRACT` through its
 * signatures, copies, mandates, debits and stored documents' records (`DOCUMENT#`) to the dues (`DUE#`). The contract's
 * number, which a due's key holds, is not known before the read, so the Query cannot stop at the range's end: it
 * reads every stored due, at most one per period collected. The filter leaves the items between out of the answer:
 * the contract's item keeps the agreed schedule (docs/amendments.md, "Reads").
 */
export const queryContractThroughStoredDues = (contractId: string): Promise<Record<string, unknown>[]> =>
  queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :contract AND :lastDue',
    FilterExpression: '#entity IN (:contractEntity, :dueEntity)',
    ExpressionAttributeNames: { '#entity': 'entity' },
    ExpressionAttributeValues: {
      ':pk': dueKey(contractId, '').pk,
      ':contract': contractSortPrefix,
      ':lastDue': dueKey(contractId, '~').sk,
      ':contractEntity': 'contract',
      ':dueEntity': 'due',
    },
    ConsistentRead: true,
  });

/** The stored dues in the range among the items `queryContractThroughStoredDues` read. */
export const storedDuesAmong = (
  items: readonly Record<string, unknown>[],
  contract: { id: string; number: string },
  range: DueRange,
): DueAnswer[] => {
  const { first, last } = dueKeysOf(contract, range);
  return items
    .filter((item) => item.entity === 'due' && typeof item.sk === 'string' && item.sk >= first && item.sk <= last)
    .map(dueFromItem);
};
