import { expect } from 'vitest';
import { studioProfile } from '../support/studio.ts';
import type { WriteCase, WriteFixtures } from '../support/write-case.ts';

/** The studio area's write routes for test/http/exactly-once.test.ts, each with the state its change must leave exactly once. */
export const writeCases = ({ get }: WriteFixtures): Record<string, WriteCase> => ({
  'PUT /api/studio': {
    prepare: async () => {
      const before = (await get('/api/studio')).body;
      return {
        method: 'PUT',
        path: '/api/studio',
        // The same body every run: the profile is one record, so only its version moves on.
        body: { ...studioProfile, phone: '+49 30 7654321' },
        headers: { 'if-match': `"${before.version}"` },
        holdsOnce: async () => {
          expect((await get('/api/studio')).body.version).toBe(before.version + 1);
        },
        // Each run replaces the one profile, so the runs differ in its version alone.
        sameBut: ['version', 'etag'],
      };
    },
  },
});
