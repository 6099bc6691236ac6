import { route } from '#shared/http/route.ts';
import { studioReply } from '#shared/studio/reply.ts';
import { getExistingStudioProfile } from '#shared/studio/store.ts';

export const handler = route('studio-get', { reply: studioReply }, async () => ({
  profile: await getExistingStudioProfile(),
  created: false,
}));
