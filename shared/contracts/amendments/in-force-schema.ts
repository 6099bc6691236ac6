import * as v from 'valibot';
import { money } from '../../schema/fields.ts';
import { dateRecord } from '../fields.ts';

/*
 * What agreed amendments put on the contract itself (docs/amendments.md, "In force"): apart from
 * amendment-schema.ts, which reads the contract's item schema, so that the contract's schema can hold these.
 */

export const amendmentKinds = ['pause', 'price', 'items'] as const;
export type AmendmentKind = (typeof amendmentKinds)[number];
export const amendmentStatuses = ['offered', 'agreed', 'declined', 'expired', 'cancelled'] as const;
export type AmendmentStatus = (typeof amendmentStatuses)[number];
export const pauseReasons = ['holiday', 'illness', 'pregnancy', 'parental-leave', 'other'] as const;

/** A pause in force, as the contract shows it: its last day after an early end. */
export const PauseInForceRecord = v.object({
  amendmentId: v.string(),
  from: dateRecord(),
  lastDay: dateRecord(),
  extendsTerm: v.boolean(),
  monthlyFee: money(),
});
export type PauseInForce = v.InferOutput<typeof PauseInForceRecord>;

/** An agreed amendment, as the contract lists it. */
export const AmendmentInForceRecord = v.object({
  id: v.string(),
  number: v.string(),
  kind: v.picklist(amendmentKinds),
  status: v.picklist(amendmentStatuses),
  effectiveFrom: dateRecord(),
});
export type AmendmentInForce = v.InferOutput<typeof AmendmentInForceRecord>;
