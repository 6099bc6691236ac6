import { EventListQuery } from '#shared/events/schema.ts';
import { eventTypes } from '#shared/webhooks/event.ts';
import type { AreaDocs, RouteNameOf } from './area-docs.ts';
import type { OperationDoc } from './operation-doc.ts';
import { listQueryDocs } from './shared-docs.ts';
import { code, Events } from './webhooks.ts';

// The events are documented under the webhooks' tag (the events area declares it): they are what webhooks deliver.

export const eventOperations = {
  'events-list': {
    summary: 'List events',
    description:
      'The events of the last 30 days, oldest first, one page at a time; `type` keeps one type. Each is exactly what a webhook receives.',
    query: {
      schema: EventListQuery,
      fields: { ...listQueryDocs('en'), type: `Only events of this type: ${code(eventTypes)}.` },
    },
    success: { status: 200, description: 'One page of events.', content: { 'application/json': Events } },
    problems: { 400: ['validation-failed', 'invalid-cursor'] },
  },
} satisfies Record<RouteNameOf<'events'>, OperationDoc>;

/** Loaded by operations.ts by the area's name. */
export const docs: AreaDocs = { operations: eventOperations };
