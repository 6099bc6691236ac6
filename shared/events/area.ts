import type { AreaDefinition } from '../areas.ts';
import { ownerOnly } from '../roles.ts';
import { webhooksDocsTag } from '../webhooks/area.ts';

// biome-ignore format: one route per line keeps the table readable
export const eventsArea = {
  name: 'events',
  language: 'en',
  // Events are what webhooks deliver: they are documented together.
  docsTag: webhooksDocsTag,
  routes: [
    { name: 'events-list', method: 'GET', path: '/api/events', entry: 'functions/events/list.ts', roles: ownerOnly, data: 'read' },
  ],
  eventTypes: [],
  entities: {},
  sampleIds: {},
  sampleRequests: () => ({}),
} as const satisfies AreaDefinition;
