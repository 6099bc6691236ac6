import { createCollection } from '#shared/collections/create-collection.ts';
import { CollectionInput } from '#shared/collections/schema.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { createdAt } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'collections-create',
  { body: CollectionInput, idempotency: idempotencyKeys, reply: createdAt('/api/collections') },
  ({ body, caller }) => createCollection(body, caller.sub),
);
