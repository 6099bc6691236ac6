import type { AreaDefinition } from '../areas.ts';
import { anyRole, ownerOnly } from '../roles.ts';

export const sampleCollectionId = '01JD0000000000000000000005';

// biome-ignore format: one route per line keeps the table readable
export const collectionsArea = {
  name: 'collections',
  language: 'en',
  docsTag: {
    name: 'Collections',
    description:
      'SEPA Core direct debit collections (docs/collections.md): the due amounts of contracts with an active mandate, gathered for a collection date, the pain.008 file for the bank, and returned debits. Owners write, staff may read.',
  },
  routes: [
    { name: 'collections-list', method: 'GET', path: '/api/collections', entry: 'functions/collections/list.ts', roles: anyRole, data: 'read' },
    { name: 'collections-create', method: 'POST', path: '/api/collections', entry: 'functions/collections/create.ts', roles: ownerOnly, data: 'read-write', deletes: true, timeoutSeconds: 28 },
    { name: 'collections-get', method: 'GET', path: '/api/collections/{id}', entry: 'functions/collections/get.ts', roles: anyRole, data: 'read' },
    { name: 'collections-file', method: 'GET', path: '/api/collections/{id}/file', entry: 'functions/collections/file.ts', roles: anyRole, data: 'read' },
    { name: 'collections-return', method: 'POST', path: '/api/collections/{id}/returns', entry: 'functions/collections/return.ts', roles: ownerOnly, data: 'read-write' },
  ],
  eventTypes: ['collection.created', 'due.returned'],
  entities: { collection: { en: 'No collection has this id', de: 'Kein Lastschrifteinzug hat diese ID' } },
  problemTypes: {
    'nothing-to-collect': { status: 422, title: { en: 'Nothing to collect', de: 'Nichts einzuziehen: keine Fälligkeit' } },
  },
  sampleIds: { '/api/collections': sampleCollectionId },
  sampleRequests: () => ({
    'collections-create': { body: { collectionDate: '2027-02-01' } },
    'collections-return': { body: { endToEndId: '2026-000001-20270201', reasonCode: 'AM04', returnedOn: '2027-02-08', bankFee: { amount: 300, currency: 'EUR' } } },
  }),
} as const satisfies AreaDefinition;
