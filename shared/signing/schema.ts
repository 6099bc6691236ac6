import * as v from 'valibot';
import { SignatureInput, signerRoles } from '../contracts/signature-schema.ts';
import { schemaMessage } from '../messages/index.ts';
import { recordId, timestamp, userSub } from '../schema/record.ts';

export const signingChannels = ['counter', 'remote'] as const;
export type SigningChannel = (typeof signingChannels)[number];

export const documentHash = () => v.pipe(v.string(), v.regex(/^sha256:[0-9a-f]{64}$/));

/** A signing session as the table holds it; the token itself is never stored, only its hash (the key). */
export const StoredSigningSessionRecord = v.object({
  id: recordId(),
  contractId: recordId(),
  role: v.picklist(signerRoles),
  /**
   * `remote`: the link went by email, and a contract signed through it is concluded away from the studio
   * (§§ 312b, 312c BGB). A session stored before the channel existed was opened at the counter.
   */
  channel: v.optional(v.picklist(signingChannels), 'counter'),
  /** The contract's hash when the session was opened: the page shows, and the signer signs, exactly this. */
  documentHash: documentHash(),
  /**
   * The hash of the contract's pending SEPA mandate when a customer's session was opened: the session's
   * second step. Null without one (and in every studio session, and in a session stored before the step).
   */
  mandateHash: v.nullable(documentHash()),
  /**
   * The amendment the session signs or declines instead of the contract, and its hash when the session was opened
   * (the page shows exactly this). Null in a contract's session (and in a session stored before amendments).
   */
  amendmentId: v.optional(v.nullable(recordId()), null),
  amendmentHash: v.optional(v.nullable(documentHash()), null),
  createdAt: timestamp(),
  /** The `sub` of the staff member who opened the session. */
  createdBy: userSub(),
  /** The end of the session's use for signing; after it the token is refused whatever else holds. */
  validUntil: timestamp(),
  /** When the token was spent on a signature; until 15 minutes later it still fetches the copy. */
  signedAt: v.nullable(timestamp()),
});
export type StoredSigningSession = v.InferOutput<typeof StoredSigningSessionRecord>;

/** Body of `POST /api/signing`: §4's signature without the role, which the session fixes. */
export const SigningInput = v.strictObject({
  signerName: SignatureInput.entries.signerName,
  signatureImage: SignatureInput.entries.signatureImage,
  consent: SignatureInput.entries.consent,
  documentHash: SignatureInput.entries.documentHash,
  /**
   * Only in a remote session: the customer expressly asks for the service to begin within the withdrawal
   * period (§ 356 Abs. 4, § 357a Abs. 2 BGB). Absent means no.
   */
  requestedEarlyStart: v.optional(v.boolean(schemaMessage('field.trueOrFalse'))),
});
export type SigningInput = v.InferOutput<typeof SigningInput>;
