import { signatureBody } from './bodies.ts';
import { routeEvent } from './events.ts';
import type { CreatedContract, Fixtures } from './fixtures.ts';
import { floorOf, handlerOf } from './handlers.ts';
import type { WarmEndpointResult } from './results.ts';
import { type Contender, compareInterleaved, type WarmOptions } from './warm.ts';

const signEvent = (pool: CreatedContract[]) => {
  const contract = pool.shift();
  if (!contract) throw new Error('No contract left to sign');
  return routeEvent('contracts-sign', { id: contract.id, body: signatureBody(contract.documentHash) });
};

/**
 * The five endpoints of the warm budget, each against its floor. Creating
 * contracts fills one pool per side, which signing then uses up: each side
 * signs the contracts it created itself.
 */
export const measureWarmEndpoints = async (fixtures: Fixtures, options: WarmOptions): Promise<WarmEndpointResult[]> => {
  const pools = { handler: [] as CreatedContract[], floor: [] as CreatedContract[] };
  const intoPool = (pool: CreatedContract[]) => (result: { body?: string }) => {
    const { id, documentHash } = JSON.parse(result.body ?? '{}');
    pool.push({ id, documentHash });
  };
  const endpoints = [
    {
      endpoint: 'get contact',
      name: 'contacts-get',
      status: 200,
      event: () => routeEvent('contacts-get', { id: fixtures.contactId }),
    },
    {
      endpoint: 'update contact',
      name: 'contacts-replace',
      status: 200,
      event: () =>
        routeEvent('contacts-replace', { id: fixtures.replaceContact.id, body: fixtures.replaceContact.body }),
    },
    {
      endpoint: 'list contacts (page of 25)',
      name: 'contacts-list',
      status: 200,
      event: () => routeEvent('contacts-list', { query: 'limit=25' }),
    },
    {
      endpoint: 'create contract',
      name: 'contracts-create',
      status: 201,
      event: () => routeEvent('contracts-create', { body: fixtures.contractBody }),
      collect: { handler: intoPool(pools.handler), floor: intoPool(pools.floor) },
    },
    {
      endpoint: 'sign contract',
      name: 'contracts-sign',
      status: 201,
      event: () => signEvent(pools.handler),
      floorEvent: () => signEvent(pools.floor),
    },
  ] as const;
  const results: WarmEndpointResult[] = [];
  for (const spec of endpoints) {
    const handler: Contender = {
      invoke: await handlerOf(spec.name),
      nextEvent: spec.event,
      expectedStatus: spec.status,
      ...('collect' in spec ? { collect: spec.collect.handler } : {}),
    };
    const floor: Contender = {
      invoke: await floorOf(spec.name),
      nextEvent: 'floorEvent' in spec ? spec.floorEvent : spec.event,
      expectedStatus: spec.status,
      ...('collect' in spec ? { collect: spec.collect.floor } : {}),
    };
    const comparison = await compareInterleaved(handler, floor, options);
    results.push({
      endpoint: spec.endpoint,
      name: spec.name,
      handler: comparison.subject,
      floor: comparison.baseline,
      ratioP50: comparison.ratioP50,
      ratioP99: comparison.ratioP99,
    });
  }
  return results;
};
