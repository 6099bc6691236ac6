import * as v from 'valibot';
import { timestamp, userSub } from '../../schema/record.ts';
import { calendarDay, dateRecord } from '../fields.ts';

/* The right of withdrawal („Widerruf“) of a contract concluded away from the studio (§§ 312b, 312c, 312g, 355 BGB). */

/** Body of `POST /api/contracts/:id/withdrawal`: the customer withdrew by letter or email, received on `receivedOn`. */
export const WithdrawalInput = v.strictObject({
  receivedOn: v.optional(v.nullable(calendarDay()), null),
});
export type WithdrawalInput = v.InferOutput<typeof WithdrawalInput>;

/**
 * A contract's right of withdrawal: set when a remote signing concludes it, `null` for one signed at the
 * counter (§ 312g Abs. 1 BGB gives none). `withdrawnAt`, `receivedOn` and `recordedBy` stay `null` until
 * the customer withdraws.
 */
export const WithdrawalRecord = v.object({
  /** The last day on which a withdrawal is in time (withdrawal-period.ts). */
  periodEndsOn: dateRecord(),
  /** The customer expressly asked for the service to begin within the period (§ 356 Abs. 4, § 357a Abs. 2 BGB). */
  requestedEarlyStart: v.boolean(),
  withdrawnAt: v.nullable(timestamp()),
  /** The day the withdrawal reached the studio: the contract's last day. */
  receivedOn: v.nullable(dateRecord()),
  /** The `sub` of the user who recorded the withdrawal, or `customer-online` for the „Vertrag widerrufen“ button. */
  recordedBy: v.nullable(userSub()),
});
export type Withdrawal = v.InferOutput<typeof WithdrawalRecord>;
