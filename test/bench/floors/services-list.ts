import { serviceListPartition } from '#shared/services/keys.ts';
import type { BenchEvent } from '../events.ts';
import { listPage } from './list-page.ts';

/** GET /api/services: one Query on gsi1. */
export const handler = (event: BenchEvent) =>
  listPage(event, { name: 'gsi1', partitionKey: 'gsi1pk', partition: serviceListPartition });
