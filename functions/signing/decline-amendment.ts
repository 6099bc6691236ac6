import { DeclineInput } from '#shared/contracts/amendments/decision-inputs.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { declineWithSession } from '#shared/signing/decline-with-session.ts';
import { signingToken } from '#shared/signing/signing-token.ts';

export const handler = route(
  'signing-decline-amendment',
  { caller: signingToken(['open']), body: DeclineInput, idempotency: idempotencyKeys, reply: recordReply },
  ({ presented, body }) => declineWithSession(presented, body.reason),
);
