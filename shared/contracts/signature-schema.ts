import * as v from 'valibot';
import { schemaMessage } from '../messages/index.ts';
import { printedName } from '../schema/fields.ts';
import { recordId, timestamp } from '../schema/record.ts';
import { SealRecord } from '../signatures/schema.ts';
import { documentHash, mustBeString, required } from './fields.ts';
import { contractTexts } from './texts.ts';

/* A contract's signatures: who signs, what a signing request carries, what is kept of it, and its verification. */

export const signerRoles = ['customer', 'studio'] as const;
export type SignerRole = (typeof signerRoles)[number];

/** Body of `POST /api/contracts/:id/signatures`. */
export const SignatureInput = v.strictObject({
  role: v.picklist(signerRoles, schemaMessage('field.oneOf', signerRoles)),
  signerName: printedName(200),
  documentHash: v.pipe(
    v.string(mustBeString),
    v.regex(/^sha256:[0-9a-f]{64}$/, contractTexts.schemaMessage('documentHashFormat')),
  ),
  signatureImage: v.pipe(v.string(mustBeString), v.nonEmpty(required)),
  consent: v.literal(true, contractTexts.schemaMessage('consentRequired')),
});
export type SignatureInput = v.InferOutput<typeof SignatureInput>;

export const SignatureRecord = v.object({
  id: recordId(),
  role: v.picklist(signerRoles),
  signerName: v.string(),
  documentHash: documentHash(),
  signedAt: timestamp(),
  ipAddress: v.string(),
  userAgent: v.string(),
  imageSha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  seal: SealRecord,
});
export type Signature = v.InferOutput<typeof SignatureRecord>;

/** The answer of `GET /api/contracts/:id/verification`. */
export const VerificationRecord = v.object({
  valid: v.boolean(),
  documentHash: documentHash(),
  recomputedHash: documentHash(),
  signatures: v.array(
    v.object({ id: recordId(), role: v.picklist(signerRoles), sealValid: v.boolean(), imageValid: v.boolean() }),
  ),
});
export type Verification = v.InferOutput<typeof VerificationRecord>;
