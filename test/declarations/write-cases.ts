import { expect } from 'vitest';
import { unique } from '../support/api.ts';
import type { WriteCase, WriteFixtures } from '../support/write-case.ts';

/**
 * The declarations area's write routes for test/http/exactly-once.test.ts, each with the state its change must
 * leave exactly once. No matcher runs in that file: a declaration stays as it was received.
 */
export const writeCases = ({ api, get, signedContract }: WriteFixtures): Record<string, WriteCase> => {
  const declarationsOf = async (lastName: string) => {
    const response = await api.request('GET', '/api/declarations?limit=100');
    expect(response.status).toBe(200);
    return (response.body.items as { declaration: { lastName: string } }[]).filter(
      (item) => item.declaration.lastName === lastName,
    );
  };
  const filing = (path: string, extra: Record<string, unknown>) => async () => {
    const lastName = unique('Once');
    return {
      method: 'POST',
      path,
      as: null,
      body: { firstName: 'Ida', lastName, email: 'ida@example.com', ...extra },
      holdsOnce: async () => {
        expect(await declarationsOf(lastName)).toHaveLength(1);
      },
      sameBut: ['declaration'],
    };
  };
  return {
    'POST /api/public/terminations': { prepare: filing('/api/public/terminations', { kind: 'ordinary' }) },
    'POST /api/public/withdrawals': { prepare: filing('/api/public/withdrawals', {}) },
    'POST /api/declarations/:id/assignment': {
      prepare: async () => {
        const contract = await signedContract();
        const lastName = unique('Once');
        const filed = await api.request('POST', '/api/public/terminations', {
          as: null,
          body: { firstName: 'Ida', lastName, email: 'ida@example.com' },
        });
        expect(filed.status).toBe(202);
        return {
          method: 'POST',
          path: `/api/declarations/${filed.body.id}/assignment`,
          body: { contractId: contract.id },
          holdsOnce: async () => {
            const [declaration] = await declarationsOf(lastName);
            expect(declaration).toMatchObject({ status: 'assigned', contractId: contract.id });
            const stored = (await get(`/api/contracts/${contract.id}`)).body;
            expect(stored.status).toBe('terminated');
            expect(stored.version).toBe(3);
          },
        };
      },
    },
  };
};
