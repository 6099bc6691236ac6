import * as v from 'valibot';
import { signerRoles } from '../contracts/signature-schema.ts';
import { schemaMessage } from '../messages/index.ts';
import { recordId, timestamp } from '../schema/record.ts';

/*
 * Opening a session: its body and its answer. Apart from schema.ts, as only signing-sessions-open
 * needs them: their messages are built when the module loads, which no bundler can leave out.
 */

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

/** The answer of `POST /api/contracts/:id/signing-sessions`: the one time the token is ever shown. */
export const SigningSessionRecord = v.object({
  id: recordId(),
  role: v.picklist(signerRoles),
  expiresAt: timestamp(),
  url: v.string(),
  qrCodeSvg: v.string(),
});
export type SigningSession = v.InferOutput<typeof SigningSessionRecord>;
