import * as v from 'valibot';
import { money } from '../schema/fields.ts';
import { billingIntervals } from '../services/schema.ts';
import { dateRecord } from './fields.ts';

/*
 * A contract's item as kept: apart from schema.ts, because what agreed amendments put on the contract
 * (in-force-schema.ts, which schema.ts reads) holds items too.
 */

const quantity = () => v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000));

export const PriceStepRecord = v.object({ from: dateRecord(), unitPrice: money() });
export type PriceStep = v.InferOutput<typeof PriceStepRecord>;

/**
 * One item as the contract holds it: a copy of the service's name and price at creation, and the price steps
 * agreed with it (an item of a contract made before price steps existed has none stored: read as []).
 */
export const ContractItemRecord = v.object({
  serviceId: v.string(),
  name: v.string(),
  unitPrice: money(),
  billingInterval: v.picklist(billingIntervals),
  quantity: quantity(),
  total: money(),
  priceSteps: v.array(PriceStepRecord),
});
export type ContractItem = v.InferOutput<typeof ContractItemRecord>;
