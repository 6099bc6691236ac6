import type { AreaDefinition } from '../areas.ts';
import { anyRole, ownerOnly } from '../roles.ts';

export const sampleServiceId = '01JD0000000000000000000001';

const personalTraining = {
  name: 'Personal training',
  description: 'One-to-one session in the studio.',
  price: { amount: 6500, currency: 'EUR' },
  billingInterval: 'once',
  durationMinutes: 60,
  active: true,
};

// biome-ignore format: one route per line keeps the table readable
export const servicesArea = {
  name: 'services',
  language: 'en',
  docsTag: {
    name: 'Services',
    description:
      'What the studio sells, with a price per billing interval. Services are never deleted, only set inactive.',
  },
  routes: [
    { name: 'services-list', method: 'GET', path: '/api/services', entry: 'functions/services/list.ts', roles: anyRole, data: 'read' },
    { name: 'services-create', method: 'POST', path: '/api/services', entry: 'functions/services/create.ts', roles: ownerOnly, data: 'read-write' },
    { name: 'services-get', method: 'GET', path: '/api/services/{id}', entry: 'functions/services/get.ts', roles: anyRole, data: 'read' },
    { name: 'services-replace', method: 'PUT', path: '/api/services/{id}', entry: 'functions/services/replace.ts', roles: ownerOnly, data: 'read-write' },
  ],
  eventTypes: ['service.created', 'service.updated'],
  entities: { service: { en: 'No service has this id', de: 'Keine Leistung hat diese ID' } },
  sampleIds: { '/api/services': sampleServiceId },
  sampleRequests: () => ({
    'services-list': { query: 'active=true&limit=10' },
    'services-create': { body: personalTraining },
    'services-replace': { body: { ...personalTraining, price: { amount: 7000, currency: 'EUR' } } },
  }),
} as const satisfies AreaDefinition;
