import * as v from 'valibot';
import { printedName } from '../../schema/fields.ts';
import { mustBeString, required } from '../fields.ts';
import { contractTexts } from '../texts.ts';

/* Body of `POST …/amendments/:amendmentId/signature`, apart from the records: only the sign function bundles it. */

const hashInput = () =>
  v.pipe(v.string(mustBeString), v.regex(/^sha256:[0-9a-f]{64}$/, contractTexts.schemaMessage('documentHashFormat')));

/** Body of `POST …/amendments/:amendmentId/signature`: §4's signature, given to the amendment's hash. */
export const AmendmentSignatureInput = v.strictObject({
  signerName: printedName(200),
  amendmentHash: hashInput(),
  signatureImage: v.pipe(v.string(mustBeString), v.nonEmpty(required)),
  consent: v.literal(true, contractTexts.schemaMessage('consentRequired')),
});
export type AmendmentSignatureInput = v.InferOutput<typeof AmendmentSignatureInput>;
