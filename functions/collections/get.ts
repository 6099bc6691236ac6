import { getExistingCollection } from '#shared/collections/store.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('collections-get', { reply: recordReply }, ({ id }) => getExistingCollection(id));
