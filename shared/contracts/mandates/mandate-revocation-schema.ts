import * as v from 'valibot';
import { requiredText } from '../../schema/fields.ts';
import { calendarDay } from '../fields.ts';

/** Body of `POST /api/contracts/:id/mandate/revocation`: the debtor withdrew the mandate (Widerruf). */
export const MandateRevocationInput = v.strictObject({
  reason: requiredText(2000),
  /** The day the revocation reached the studio; today when absent, never in the future. */
  revokedOn: v.optional(v.nullable(calendarDay()), null),
});
export type MandateRevocationInput = v.InferOutput<typeof MandateRevocationInput>;
