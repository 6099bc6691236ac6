import { ContactInput } from '#shared/contacts/schema.ts';
import { createContact } from '#shared/contacts/store.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { createdAt } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contacts-create',
  { body: ContactInput, idempotency: idempotencyKeys, reply: createdAt('/api/contacts') },
  ({ body, caller }) => createContact(body, caller.sub),
);
