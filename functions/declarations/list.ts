import { DeclarationListQuery } from '#shared/declarations/schema.ts';
import { listDeclarations } from '#shared/declarations/store.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('declarations-list', { query: DeclarationListQuery, reply: bodyReply }, ({ query }) =>
  listDeclarations(query),
);
