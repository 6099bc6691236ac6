import { amendmentIdOf } from '#shared/contracts/amendments/amendment-id.ts';
import { decideAmendment } from '#shared/contracts/amendments/decide-amendment.ts';
import { DeclineInput } from '#shared/contracts/amendments/decision-inputs.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-decline-amendment',
  { body: DeclineInput, idempotency: idempotencyKeys, reply: recordReply },
  ({ id, body, event }) => decideAmendment(id, amendmentIdOf(event), { status: 'declined', reason: body.reason }),
);
