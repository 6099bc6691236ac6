import * as v from 'valibot';
import { money } from '../../schema/fields.ts';
import { calendarDay, dateRecord } from '../fields.ts';

/* The dues of a contract (docs/sepa.md, "Dues"): the query that asks for them and the answer, written once. */

/** Query of `GET /api/contracts/:id/dues`; how the two days relate is checked against the contract (dues.ts). */
export const DuesQuery = v.strictObject({ from: v.optional(calendarDay()), to: v.optional(calendarDay()) });
export type DuesQuery = v.InferOutput<typeof DuesQuery>;

/**
 * `planned` until a collection gathers the due; `collected`, or `returned` by the debtor's bank; `settled` once the
 * member's account paid it otherwise (a payment, a credit, a write-off: docs/accounts.md), never to be collected.
 */
export const dueStatuses = ['planned', 'collected', 'returned', 'settled'] as const;
export type DueStatus = (typeof dueStatuses)[number];

export const DueLineRecord = v.object({ serviceId: v.string(), name: v.string(), amount: money() });

export const DueRecord = v.object({
  id: v.string(),
  dueOn: dateRecord(),
  periodStart: dateRecord(),
  periodEnd: dateRecord(),
  amount: money(),
  lines: v.array(DueLineRecord),
  status: v.picklist(dueStatuses),
  collectionId: v.nullable(v.string()),
  returnedOn: v.nullable(dateRecord()),
  returnReason: v.nullable(v.string()),
  /** How often the due was collected again after a return: at most twice (docs/accounts.md, "Returns"). */
  representations: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2)),
  /** False once a return's code, a third return or a part payment ended its collection by direct debit. */
  collectable: v.boolean(),
  /** The day the Vorabankündigung of its next collection was mailed after a return, or null. */
  preNotifiedOn: v.nullable(dateRecord()),
});
export type DueAnswer = v.InferOutput<typeof DueRecord>;

/** The answer of `GET /api/contracts/:id/dues`: oldest first, never paged (the range bounds it). */
export const DueList = v.object({ items: v.array(DueRecord) });
export type DueList = v.InferOutput<typeof DueList>;
