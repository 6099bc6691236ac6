import { CollectionListQuery } from '#shared/collections/schema.ts';
import { listCollections } from '#shared/collections/store.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('collections-list', { query: CollectionListQuery, reply: bodyReply }, ({ query }) =>
  listCollections(query),
);
