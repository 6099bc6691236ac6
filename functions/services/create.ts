import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { createdAt } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { ServiceInput } from '#shared/services/schema.ts';
import { createService } from '#shared/services/store.ts';

export const handler = route(
  'services-create',
  { body: ServiceInput, idempotency: idempotencyKeys, reply: createdAt('/api/services') },
  ({ body, caller }) => createService(body, caller.sub),
);
