import { compareDates } from '../dates.ts';
import type { DuesRange } from './dues-range.ts';
import type { DueAnswer } from './dues-schema.ts';

/**
 * The computed dues with the stored ones laid over them. A due is stored only once a collection
 * gathers it, and what was stored is what the bank was asked for: it wins over the computed due of
 * the same id (a termination later may shorten that period's computed amount), and a stored due
 * the schedule no longer computes still shows where it falls in the range.
 */
export const withStoredDues = (
  computed: readonly DueAnswer[],
  stored: readonly DueAnswer[],
  range: DuesRange,
): DueAnswer[] => {
  const storedById = new Map(stored.map((due) => [due.id, due]));
  const inRange = (due: DueAnswer) =>
    compareDates(due.dueOn, range.from) >= 0 && compareDates(due.dueOn, range.to) <= 0;
  const computedIds = new Set(computed.map((due) => due.id));
  return [
    ...computed.map((due) => storedById.get(due.id) ?? due),
    ...stored.filter((due) => !computedIds.has(due.id) && inRange(due)),
  ].sort((a, b) => compareDates(a.dueOn, b.dueOn) || a.id.localeCompare(b.id));
};
