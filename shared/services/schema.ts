import * as v from 'valibot';
import { money, optionalText, requiredText } from '../schema/fields.ts';
import { listQuery } from '../schema/list-query.ts';

export const billingIntervals = ['once', 'week', 'month', 'quarter', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

/** The mutable fields of a service: the body of create and of replace (PUT). */
export const ServiceInput = v.strictObject({
  name: requiredText(200),
  description: optionalText(5000),
  price: money(),
  billingInterval: v.optional(v.picklist(billingIntervals, `Must be one of ${billingIntervals.join(', ')}`), 'once'),
  durationMinutes: v.optional(
    v.nullable(
      v.pipe(
        v.number('Must be a number'),
        v.integer('Must be a whole number of minutes'),
        v.minValue(1, 'Must be from 1 to 1440'),
        v.maxValue(1440, 'Must be from 1 to 1440'),
      ),
    ),
    null,
  ),
  active: v.optional(v.boolean('Must be true or false'), true),
});

export type ServiceInput = v.InferOutput<typeof ServiceInput>;

export interface Service extends ServiceInput {
  id: string;
  createdAt: string;
  /** The `sub` of the user who created the record; null on records written before sign-in existed. */
  createdBy: string | null;
  updatedAt: string;
  /** The `sub` of the user who made the latest change. */
  updatedBy: string | null;
  version: number;
}

export const ServiceListQuery = listQuery({
  active: v.optional(v.picklist(['true', 'false'], 'Must be true or false')),
});
