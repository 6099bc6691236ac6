import { getContact } from '#shared/contacts/store.ts';
import { Problem } from '#shared/http/problem.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contacts-get', {}, async ({ id }) => {
  const contact = await getContact(id);
  if (!contact) throw new Problem('not-found', 'No contact has this id');
  return recordReply(contact);
});
