import * as v from 'valibot';
import { ContractRecord } from '../contracts/schema.ts';
import { SignatureInput, signerRoles } from '../contracts/signature-schema.ts';
import { schemaMessage } from '../messages/index.ts';
import { recordId, timestamp, userSub } from '../schema/record.ts';

const minutesRange = schemaMessage('field.integerRange', 5, 60);
const minutes = v.pipe(
  v.number(schemaMessage('field.mustBeNumber')),
  v.integer(minutesRange),
  v.minValue(5, minutesRange),
  v.maxValue(60, minutesRange),
);

/** Body of `POST /api/contracts/:id/signing-sessions`. */
export const SigningSessionInput = v.strictObject({
  role: v.optional(v.picklist(signerRoles, schemaMessage('field.oneOf', signerRoles)), 'customer'),
  expiresInMinutes: v.optional(minutes, 30),
});
export type SigningSessionInput = v.InferOutput<typeof SigningSessionInput>;

const documentHash = () => v.pipe(v.string(), v.regex(/^sha256:[0-9a-f]{64}$/));

/** A signing session as the table holds it; the token itself is never stored, only its hash (the key). */
export const StoredSigningSessionRecord = v.object({
  id: recordId(),
  contractId: recordId(),
  role: v.picklist(signerRoles),
  /** The contract's hash when the session was opened: the page shows, and the signer signs, exactly this. */
  documentHash: documentHash(),
  createdAt: timestamp(),
  /** The `sub` of the staff member who opened the session. */
  createdBy: userSub(),
  /** The end of the session's use for signing; after it the token is refused whatever else holds. */
  validUntil: timestamp(),
  /** When the token was spent on a signature; until 15 minutes later it still fetches the copy. */
  signedAt: v.nullable(timestamp()),
});
export type StoredSigningSession = v.InferOutput<typeof StoredSigningSessionRecord>;

/** The answer of `POST /api/contracts/:id/signing-sessions`: the one time the token is ever shown. */
export const SigningSessionRecord = v.object({
  id: recordId(),
  role: v.picklist(signerRoles),
  expiresAt: timestamp(),
  url: v.string(),
  qrCodeSvg: v.string(),
});
export type SigningSession = v.InferOutput<typeof SigningSessionRecord>;

/** The term in plain German, as the customer's copy words it. */
export const TermSentencesRecord = v.object({ minimumTerm: v.string(), renewal: v.string(), notice: v.string() });

/** The answer of `GET /api/signing`: what the signing page shows and what its signature must echo. */
export const SigningViewRecord = v.object({
  role: v.picklist(signerRoles),
  documentHash: documentHash(),
  expiresAt: timestamp(),
  /** Who is expected to sign: the contact's name for the customer, the representative for the studio. */
  signerName: v.string(),
  contract: ContractRecord,
  term: TermSentencesRecord,
});
export type SigningView = v.InferOutput<typeof SigningViewRecord>;

/** Body of `POST /api/signing`: §4's signature without the role, which the session fixes. */
export const SigningInput = v.strictObject({
  signerName: SignatureInput.entries.signerName,
  signatureImage: SignatureInput.entries.signatureImage,
  consent: SignatureInput.entries.consent,
  documentHash: SignatureInput.entries.documentHash,
});
export type SigningInput = v.InferOutput<typeof SigningInput>;
