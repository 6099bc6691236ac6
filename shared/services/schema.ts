import * as v from 'valibot';
import { schemaMessage } from '../messages/index.ts';
import { money, optionalText, requiredText } from '../schema/fields.ts';
import { listQuery } from '../schema/list-query.ts';
import { listEnvelope, outputEntries, recordId, recordVersion, timestamp, userSub } from '../schema/record.ts';
import { serviceTexts } from './texts.ts';

export const billingIntervals = ['once', 'week', 'month', 'quarter', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

/** The mutable fields of a service: the body of create and of replace (PUT). */
export const ServiceInput = v.strictObject({
  name: requiredText(200),
  description: optionalText(5000),
  price: money(),
  billingInterval: v.optional(v.picklist(billingIntervals, schemaMessage('field.oneOf', billingIntervals)), 'once'),
  durationMinutes: v.optional(
    v.nullable(
      v.pipe(
        v.number(schemaMessage('field.mustBeNumber')),
        v.integer(serviceTexts.schemaMessage('wholeMinutes')),
        v.minValue(1, schemaMessage('field.range', 1, 1440)),
        v.maxValue(1440, schemaMessage('field.range', 1, 1440)),
      ),
    ),
    null,
  ),
  active: v.optional(v.boolean(schemaMessage('field.trueOrFalse')), true),
});

export type ServiceInput = v.InferOutput<typeof ServiceInput>;

/** A service as the API returns it. */
export const ServiceRecord = v.object({
  id: recordId(),
  ...outputEntries(ServiceInput.entries),
  createdAt: timestamp(),
  /** Null on records written before sign-in existed. */
  createdBy: v.nullable(userSub()),
  updatedAt: timestamp(),
  updatedBy: v.nullable(userSub()),
  version: recordVersion(),
});
export type Service = v.InferOutput<typeof ServiceRecord>;

export const ServiceList = listEnvelope(ServiceRecord);

export const ServiceListQuery = listQuery({
  active: v.optional(v.picklist(['true', 'false'], schemaMessage('field.trueOrFalse'))),
});
