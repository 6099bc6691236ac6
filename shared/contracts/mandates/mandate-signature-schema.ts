import * as v from 'valibot';
import { printedName } from '../../schema/fields.ts';
import { mustBeString, required } from '../fields.ts';
import { contractTexts } from '../texts.ts';

/** Body of `POST /api/contracts/:id/mandate/signature`: §4's signature, given to the mandate's hash. */
export const MandateSignatureInput = v.strictObject({
  signerName: printedName(200),
  mandateHash: v.pipe(
    v.string(mustBeString),
    v.regex(/^sha256:[0-9a-f]{64}$/, contractTexts.schemaMessage('documentHashFormat')),
  ),
  signatureImage: v.pipe(v.string(mustBeString), v.nonEmpty(required)),
  consent: v.literal(true, contractTexts.schemaMessage('consentRequired')),
});
export type MandateSignatureInput = v.InferOutput<typeof MandateSignatureInput>;
