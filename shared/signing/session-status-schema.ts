import * as v from 'valibot';
import { signerRoles } from '../contracts/signature-schema.ts';
import { recordId, timestamp } from '../schema/record.ts';
import { signingChannels } from './schema.ts';

/**
 * A session's steps: the contract, then (a customer's session with a pending SEPA mandate) the mandate; an
 * amendment's session has the amendment as its one step.
 */
export const signingSteps = ['contract', 'mandate', 'amendment'] as const;

/**
 * The answer of `GET /api/contracts/:id/signing-sessions/:sessionId`: what staff may know of a session,
 * never its link or token (the table holds only the token's hash, and the link is shown once).
 */
export const SigningSessionStatusRecord = v.object({
  id: recordId(),
  contractId: recordId(),
  role: v.picklist(signerRoles),
  channel: v.picklist(signingChannels),
  createdAt: timestamp(),
  expiresAt: timestamp(),
  /**
   * `signed`: its last step is signed and the token spent; `declined`: the amendment was declined with it (the
   * token spent too); `expired`: its time ran out before either.
   */
  status: v.picklist(['open', 'signed', 'declined', 'expired']),
  steps: v.array(v.object({ step: v.picklist(signingSteps), status: v.picklist(['open', 'signed', 'declined']) })),
  /** Only in an amendment's session: the amendment it agrees to or declines. */
  amendmentId: v.optional(recordId()),
});
export type SigningSessionStatus = v.InferOutput<typeof SigningSessionStatusRecord>;
