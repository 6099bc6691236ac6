import {
  billingIntervals,
  ServiceInput,
  ServiceList,
  ServiceListQuery,
  ServiceRecord,
} from '#shared/services/schema.ts';
import type { AreaDocs, RouteNameOf } from './area-docs.ts';
import { type Component, component } from './components.ts';
import type { OperationDoc } from './operation-doc.ts';
import { listQueryDocs, pageDocs, recordDocs } from './shared-docs.ts';

const fields = {
  name: 'Name, 1–200 characters after trimming; no control characters. Lists sort by it.',
  description: 'What the customer gets, at most 5000 characters. Null when absent.',
  price: {
    text: 'Price of one unit for one billing interval.',
    fields: {
      amount: 'Amount in minor units of the currency (cents for EUR), a whole number ≥ 0; never a float.',
      currency: 'ISO 4217 currency code; upper-cased before it is checked.',
    },
  },
  billingInterval: `How often the price is charged: ${billingIntervals.map((interval) => `\`${interval}\``).join(', ')}. \`once\` when absent.`,
  durationMinutes: 'Length of one session in minutes, 1–1440. Null when absent.',
  active:
    'Whether the service is offered. A service is never deleted: set it inactive; contracts keep their copy. `true` when absent.',
} as const;

const yoga = {
  name: 'Yoga monthly',
  description: 'Unlimited yoga classes',
  price: { amount: 4900, currency: 'EUR' },
  billingInterval: 'month',
  durationMinutes: 60,
  active: true,
} as const;

const storedYoga = {
  id: '01JD4Z7B2C5D8E1F4G7H0J3K6M',
  ...yoga,
  createdAt: '2026-11-22T10:20:00.000Z',
  createdBy: '3f1c9a52-7b2e-4d8a-9c61-0e5b8f2a4d17',
  updatedAt: '2026-11-22T10:20:00.000Z',
  updatedBy: '3f1c9a52-7b2e-4d8a-9c61-0e5b8f2a4d17',
  version: 1,
};

const Service = component(
  ServiceRecord,
  'Service',
  { ...recordDocs('service'), ...fields },
  { text: 'Something the studio sells. Optional fields are null when absent.', examples: [storedYoga] },
);

const Input = component(ServiceInput, 'ServiceInput', fields, {
  text: 'The mutable fields of a service: the body of create and of replace. Strings are trimmed, and a blank optional string counts as absent. Unknown fields are a 400.',
  examples: [yoga, { name: 'Personal training', price: { amount: 6500, currency: 'EUR' } }],
});

const Page = component(ServiceList, 'ServiceList', pageDocs('en', Service), {
  text: 'One page of services, ordered by name and id.',
  examples: [{ items: [storedYoga], nextCursor: null }],
});

export const serviceComponents = { ServiceInput: Input, Service, ServiceList: Page } satisfies Record<
  string,
  Component
>;

export const serviceOperations = {
  'services-list': {
    summary: 'List services',
    description: 'Services ordered by name and id, one page at a time; `active` keeps only active or inactive ones.',
    query: {
      schema: ServiceListQuery,
      fields: { ...listQueryDocs('en'), active: '`true` for the services on offer, `false` for the others.' },
    },
    success: { status: 200, description: 'One page of services.', content: { 'application/json': Page } },
    problems: { 400: ['validation-failed', 'invalid-cursor'] },
  },
  'services-create': {
    summary: 'Create a service',
    description: 'Stores a new service with version 1. `Location` names it. Owners only.',
    body: Input,
    success: {
      status: 201,
      description: 'The new service.',
      content: { 'application/json': Service },
      headers: ['etag', 'location'],
    },
  },
  'services-get': {
    summary: 'Get a service',
    description: 'One service; its `ETag` is the version to send in `If-Match`.',
    success: { status: 200, description: 'The service.', content: { 'application/json': Service }, headers: ['etag'] },
  },
  'services-replace': {
    summary: 'Replace a service',
    description:
      'Replaces all mutable fields: a field left out becomes null or its default. Contracts keep the copy they took, so a new price applies to new contracts only. Honours `If-Match` like a contact replace. Owners only.',
    body: Input,
    success: {
      status: 200,
      description: 'The changed service.',
      content: { 'application/json': Service },
      headers: ['etag'],
    },
  },
} satisfies Record<RouteNameOf<'services'>, OperationDoc>;

/** Loaded by operations.ts by the area's name. */
export const docs: AreaDocs = { operations: serviceOperations, components: serviceComponents };
