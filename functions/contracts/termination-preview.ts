import { previewTermination } from '#shared/contracts/termination/termination-preview.ts';
import { TerminationPreviewQuery } from '#shared/contracts/termination/termination-schema.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-termination-preview',
  { query: TerminationPreviewQuery, reply: bodyReply },
  ({ id, query }) => previewTermination(id, query.receivedOn),
);
