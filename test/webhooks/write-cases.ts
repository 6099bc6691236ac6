import { expect } from 'vitest';
import { unique } from '../support/api.ts';
import type { WriteCase, WriteFixtures } from '../support/write-case.ts';

/** The webhooks area's write routes for test/http/exactly-once.test.ts, each with the state its change must leave exactly once. */
export const writeCases = ({ get, newWebhook }: WriteFixtures): Record<string, WriteCase> => ({
  'POST /api/webhooks': {
    prepare: async () => {
      const url = `http://127.0.0.1:9/${unique('hooks')}`;
      return {
        method: 'POST',
        path: '/api/webhooks',
        body: { url, types: ['*'] },
        holdsOnce: async () => {
          const all = (await get('/api/webhooks?limit=100')).body.items as { url: string }[];
          expect(all.filter((webhook) => webhook.url === url)).toHaveLength(1);
        },
      };
    },
  },
  'PUT /api/webhooks/:id': {
    prepare: async () => {
      const webhook = await newWebhook();
      return {
        method: 'PUT',
        path: `/api/webhooks/${webhook.id}`,
        body: { url: webhook.url, types: ['contact.created'] },
        headers: { 'if-match': '"1"' },
        holdsOnce: async () => {
          expect((await get(`/api/webhooks/${webhook.id}`)).body.version).toBe(2);
        },
      };
    },
  },
  'DELETE /api/webhooks/:id': {
    prepare: async () => {
      const webhook = await newWebhook();
      return {
        method: 'DELETE',
        path: `/api/webhooks/${webhook.id}`,
        holdsOnce: async () => {
          expect((await get(`/api/webhooks/${webhook.id}`)).status).toBe(404);
        },
      };
    },
  },
});
