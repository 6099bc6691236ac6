import { ContactInput } from '#shared/contacts/schema.ts';
import { replaceContact } from '#shared/contacts/store.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contacts-replace',
  { body: ContactInput, reply: recordReply },
  ({ id, body, ifMatch, caller }) => replaceContact(id, body, ifMatch, caller),
);
