import * as v from 'valibot';
import { optionalText } from '../../schema/fields.ts';
import { calendarDay } from '../fields.ts';

/* The small bodies of decisions on an amendment, each function bundling only its own (valibot schemas stay). */

/** Body of `POST …/amendments/:amendmentId/cancellation`: the offer withdrawn, with its reason. */
export { CancellationInput as AmendmentCancellationInput } from '../termination/termination-schema.ts';

/** Body of `POST …/amendments/:amendmentId/early-end`. */
export const EarlyEndInput = v.strictObject({ lastDay: calendarDay() });

/** Body of `POST …/amendments/:amendmentId/decline`: the decision is the request; a reason only if the customer gives one. */
export const DeclineInput = v.strictObject({ reason: optionalText(2000) });
