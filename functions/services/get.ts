import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { getExistingService } from '#shared/services/store.ts';

export const handler = route('services-get', { reply: recordReply }, ({ id }) => getExistingService(id));
