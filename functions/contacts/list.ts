import { ContactListQuery } from '#shared/contacts/schema.ts';
import { listContacts } from '#shared/contacts/store.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contacts-list', { query: ContactListQuery }, async ({ query }) => ({
  status: 200,
  body: await listContacts(query),
}));
