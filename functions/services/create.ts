import { createdReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { ServiceInput } from '#shared/services/schema.ts';
import { createService } from '#shared/services/store.ts';

export const handler = route('services-create', { body: ServiceInput }, async ({ body, caller }) =>
  createdReply(await createService(body, caller.sub), '/api/services'),
);
