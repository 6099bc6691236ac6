import { amendmentIdOf } from '#shared/contracts/amendments/amendment-id.ts';
import { EarlyEndInput } from '#shared/contracts/amendments/decision-inputs.ts';
import { endPauseEarly } from '#shared/contracts/amendments/end-pause-early.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-end-pause-early',
  { body: EarlyEndInput, idempotency: idempotencyKeys, reply: recordReply },
  ({ id, body, event, caller }) => endPauseEarly(id, amendmentIdOf(event), body.lastDay, caller.sub),
);
