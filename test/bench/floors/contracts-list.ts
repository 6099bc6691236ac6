import { contractListPartition } from '#shared/contracts/keys.ts';
import type { BenchEvent } from '../events.ts';
import { listPage } from './list-page.ts';

/** GET /api/contracts: one Query on gsi1, newest first. */
export const handler = (event: BenchEvent) =>
  listPage(event, { name: 'gsi1', partitionKey: 'gsi1pk', partition: contractListPartition, newestFirst: true });
