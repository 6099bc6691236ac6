import type { BenchEvent } from '../events.ts';
import { readContract } from './contract-items.ts';
import { json, pathId } from './reply.ts';

/** GET /api/contracts/{id}: one Query. */
export const handler = async (event: BenchEvent) => {
  const contract = await readContract(pathId(event));
  return contract ? json(200, contract) : json(404);
};
