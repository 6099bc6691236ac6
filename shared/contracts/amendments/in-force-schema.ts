import * as v from 'valibot';
import { money } from '../../schema/fields.ts';
import { dateRecord } from '../fields.ts';
import { ContractItemRecord } from '../item-record.ts';

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

/**
 * An agreed amendment, as the contract lists it. A price or items change carries its items as they are from
 * `effectiveFrom` on (null for a pause), so the contract's own item holds its whole schedule: the dues, the
 * collections and the account compute from it without reading the amendments (docs/amendments.md, "Reads").
 */
export const AmendmentInForceRecord = v.object({
  id: v.string(),
  number: v.string(),
  kind: v.picklist(amendmentKinds),
  status: v.picklist(amendmentStatuses),
  effectiveFrom: dateRecord(),
  items: v.nullable(v.array(ContractItemRecord)),
});
export type AmendmentInForce = v.InferOutput<typeof AmendmentInForceRecord>;
