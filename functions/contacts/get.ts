import { getContactAs } from '#shared/contacts/store.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contacts-get', { reply: recordReply }, ({ id, caller }) => getContactAs(caller, id));
