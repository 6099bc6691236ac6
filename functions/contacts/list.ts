import { ContactListQuery } from '#shared/contacts/schema.ts';
import { listContacts } from '#shared/contacts/store.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contacts-list', { query: ContactListQuery, reply: bodyReply }, ({ query }) =>
  listContacts(query),
);
