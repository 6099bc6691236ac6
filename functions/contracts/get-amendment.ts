import { amendmentIdOf } from '#shared/contracts/amendments/amendment-id.ts';
import { existingAmendment } from '#shared/contracts/amendments/decide-amendment.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-get-amendment',
  { reply: recordReply },
  async ({ id, event }) => (await existingAmendment(id, amendmentIdOf(event))).amendment,
);
