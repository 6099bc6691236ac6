import { expect } from 'vitest';
import { unique } from '../support/api.ts';
import type { WriteCase, WriteFixtures } from '../support/write-case.ts';

/** The services area's write routes for test/http/exactly-once.test.ts, each with the state its change must leave exactly once. */
export const writeCases = ({ get, newService, countServicesNamed }: WriteFixtures): Record<string, WriteCase> => ({
  'POST /api/services': {
    prepare: async () => {
      const name = unique('Pilates ');
      return {
        method: 'POST',
        path: '/api/services',
        body: { name, price: { amount: 2500, currency: 'EUR' } },
        holdsOnce: async (response) => {
          expect((await get(`/api/services/${response.body.id}`)).body.version).toBe(1);
          expect(await countServicesNamed(name)).toBe(1);
        },
      };
    },
  },
  'PUT /api/services/:id with If-Match': {
    prepare: async () => {
      const service = await newService();
      return {
        method: 'PUT',
        path: `/api/services/${service.id}`,
        body: { name: service.name, price: { amount: 5400, currency: 'EUR' } },
        headers: { 'if-match': '"1"' },
        holdsOnce: async () => {
          expect((await get(`/api/services/${service.id}`)).body.version).toBe(2);
        },
      };
    },
  },
});
