import { route } from '#shared/http/route.ts';
import { StudioInput } from '#shared/studio/input.ts';
import { studioReply } from '#shared/studio/reply.ts';
import { putStudioProfile } from '#shared/studio/store.ts';

export const handler = route('studio-put', { body: StudioInput, reply: studioReply }, ({ body, ifMatch, caller }) =>
  putStudioProfile(body, ifMatch, caller.sub),
);
