import * as v from 'valibot';
import { signerRoles } from '../contracts/signature-schema.ts';
import { recordId, timestamp } from '../schema/record.ts';
import { signingChannels } from './schema.ts';

/** A session's steps: the contract, then (a customer's session with a pending SEPA mandate) the mandate. */
export const signingSteps = ['contract', 'mandate'] as const;

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
  /** `signed`: its last step is signed and the token spent; `expired`: its time ran out before that. */
  status: v.picklist(['open', 'signed', 'expired']),
  steps: v.array(v.object({ step: v.picklist(signingSteps), status: v.picklist(['open', 'signed']) })),
});
export type SigningSessionStatus = v.InferOutput<typeof SigningSessionStatusRecord>;
