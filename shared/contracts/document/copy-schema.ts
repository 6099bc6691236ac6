import * as v from 'valibot';
import { emailAddress, optionalString } from '../../schema/fields.ts';
import { recordId, timestamp } from '../../schema/record.ts';

/** A copy of the contract's PDF sent by email (docs/walkthrough.md, "The customer's copy"). */
export const ContractCopyRecord = v.object({
  id: recordId(),
  to: v.string(),
  sentAt: timestamp(),
  /** The mail service's id of the message (SES's, or the outbox file's locally). */
  messageId: v.string(),
});
export type ContractCopy = v.InferOutput<typeof ContractCopyRecord>;

/** Body of `POST /api/contracts/:id/copies`: the address, by default the contract's contact's. */
export const CopyInput = v.strictObject({ to: optionalString(emailAddress()) });
