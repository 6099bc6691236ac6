import * as v from 'valibot';
import { signerRoles } from '../contracts/signature-schema.ts';
import { schemaMessage } from '../messages/index.ts';
import { emailAddress, optionalString } from '../schema/fields.ts';
import { recordId, timestamp } from '../schema/record.ts';
import { type SigningChannel, signingChannels } from './schema.ts';
import { signingTexts } from './texts.ts';

/*
 * Opening a session: its body and its answer. Apart from schema.ts, as only signing-sessions-open
 * needs them: their messages are built when the module loads, which no bundler can leave out.
 */

/** How long a session may last: a counter session while the customer stands there, a remote one a week (docs/walkthrough.md, "Signing at home"). */
const longestMinutes = { counter: 60, remote: 10_080 } as const satisfies Record<SigningChannel, number>;
/** Without `expiresInMinutes`: half an hour at the counter, the whole week for a link sent home. */
export const defaultMinutes = { counter: 30, remote: 10_080 } as const satisfies Record<SigningChannel, number>;

// The range depends on the channel, so it is checked (and named in the message) once the channel is known.
const wholeMinutes = v.pipe(
  v.number(schemaMessage('field.mustBeNumber')),
  v.integer(schemaMessage('field.mustBeInteger')),
);

const lastsAtMost = (channel: SigningChannel) =>
  v.forward<
    v.InferOutput<typeof SessionFields>,
    v.PartialCheckIssue<v.InferOutput<typeof SessionFields>>,
    ['expiresInMinutes']
  >(
    v.partialCheck(
      [['channel'], ['expiresInMinutes']],
      (input) =>
        input.channel !== channel ||
        input.expiresInMinutes === undefined ||
        (input.expiresInMinutes >= 5 && input.expiresInMinutes <= longestMinutes[channel]),
      schemaMessage('field.integerRange', 5, longestMinutes[channel]),
    ),
    ['expiresInMinutes'],
  );

const SessionFields = v.strictObject({
  role: v.optional(v.picklist(signerRoles, schemaMessage('field.oneOf', signerRoles)), 'customer'),
  channel: v.optional(v.picklist(signingChannels, schemaMessage('field.oneOf', signingChannels)), 'counter'),
  /** Only for `remote`: where the link goes, by default the contact's email. */
  sendTo: optionalString(emailAddress()),
  expiresInMinutes: v.optional(wholeMinutes),
  /** The offered amendment the session shows with „Zustimmen“ and „Ablehnen“ instead of the contract; only the customer's. */
  amendmentId: optionalString(v.pipe(v.string(), v.maxLength(100, schemaMessage('field.tooLong', 100)))),
});

/** Body of `POST /api/contracts/:id/signing-sessions`. */
export const SigningSessionInput = v.pipe(
  SessionFields,
  lastsAtMost('counter'),
  lastsAtMost('remote'),
  v.forward(
    v.partialCheck(
      [['channel'], ['sendTo']],
      (input) => input.channel === 'remote' || input.sendTo === null,
      signingTexts.schemaMessage('onlyRemote'),
    ),
    ['sendTo'],
  ),
  v.forward(
    v.partialCheck(
      [['role'], ['amendmentId']],
      (input) => input.role === 'customer' || input.amendmentId === null,
      signingTexts.schemaMessage('amendmentCustomerOnly'),
    ),
    ['amendmentId'],
  ),
);
export type SigningSessionInput = v.InferOutput<typeof SigningSessionInput>;

/**
 * The answer of `POST /api/contracts/:id/signing-sessions`. At the counter it carries the link: the one time
 * the token is ever shown. A remote session's answer names where the link went, never the link itself
 * (only the email holds it), so nobody but the addressee can open it.
 */
export const SigningSessionRecord = v.object({
  id: recordId(),
  /** The contract the session signs: with `id`, where `GET …/signing-sessions/{sessionId}` (the `Location`) finds it. */
  contractId: recordId(),
  role: v.picklist(signerRoles),
  channel: v.picklist(signingChannels),
  expiresAt: timestamp(),
  url: v.optional(v.string()),
  qrCodeSvg: v.optional(v.string()),
  sentTo: v.optional(v.string()),
  /** The mail service's id of the message (SES's, or the outbox file's locally). */
  messageId: v.optional(v.string()),
  /** Only in an amendment's session: the amendment it agrees to or declines. */
  amendmentId: v.optional(recordId()),
});
export type SigningSession = v.InferOutput<typeof SigningSessionRecord>;
