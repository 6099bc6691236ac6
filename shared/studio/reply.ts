import { entityTag } from '../http/if-match.ts';
import type { Reply } from '../http/reply.ts';
import type { StudioPut } from './store.ts';

/** The profile with its version as the ETag; the first PUT answers 201 with its `Location`. */
export const studioReply = ({ profile, created }: StudioPut): Reply => ({
  status: created ? 201 : 200,
  body: profile,
  headers: { etag: entityTag(profile.version), ...(created ? { location: '/api/studio' } : {}) },
});
