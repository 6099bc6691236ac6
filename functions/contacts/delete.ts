import { deleteContact } from '#shared/contacts/store.ts';
import { noContentReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contacts-delete', { reply: noContentReply }, ({ id, ifMatch }) =>
  deleteContact(id, ifMatch),
);
