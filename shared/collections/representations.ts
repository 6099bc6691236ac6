import type { ReturnReasonCode } from './return-reasons.ts';

/*
 * When a returned due is collected again (docs/accounts.md, "Returns"), apart from the list of reason codes: the
 * collections' create reads these two facts without bundling ISO's whole list.
 */

/** No funds (AM04) and no reason given (MS03): after any other code the due waits for a payment, a new mandate or staff. */
export const representableReasons: readonly ReturnReasonCode[] = ['AM04', 'MS03'];
/** A returned due is collected again at most twice: three attempts in all. */
export const maxRepresentations = 2;
