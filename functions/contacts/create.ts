import { ContactInput } from '#shared/contacts/schema.ts';
import { createContact } from '#shared/contacts/store.ts';
import { createdReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contacts-create', { body: ContactInput }, async ({ body, caller }) =>
  createdReply(await createContact(body, caller.sub), '/api/contacts'),
);
