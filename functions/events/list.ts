import { EventListQuery } from '#shared/events/schema.ts';
import { listEvents } from '#shared/events/store.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('events-list', { query: EventListQuery, reply: bodyReply }, ({ query }) =>
  listEvents(query),
);
