import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { ServiceInput } from '#shared/services/schema.ts';
import { replaceService } from '#shared/services/store.ts';

export const handler = route(
  'services-replace',
  { body: ServiceInput, reply: recordReply },
  ({ id, body, ifMatch, caller }) => replaceService(id, body, ifMatch, caller.sub),
);
