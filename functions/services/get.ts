import { Problem } from '#shared/http/problem.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { getService } from '#shared/services/store.ts';

export const handler = route('services-get', {}, async ({ id }) => {
  const service = await getService(id);
  if (!service) throw new Problem('not-found', 'No service has this id');
  return recordReply(service);
});
