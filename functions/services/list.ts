import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { ServiceListQuery } from '#shared/services/schema.ts';
import { listServices } from '#shared/services/store.ts';

export const handler = route('services-list', { query: ServiceListQuery, reply: bodyReply }, ({ query }) =>
  listServices(query),
);
