import type { AreaDefinition } from '../areas.ts';
import { anyRole } from '../roles.ts';

/** The id of the sample contract's signed original, as a sample request names it. */
export const sampleDocumentId = '01JD0000000000000000000009';

// biome-ignore format: one route per line keeps the table readable
export const documentsArea = {
  name: 'documents',
  language: 'de',
  // The documents are the contracts' files: listed under the contracts' tag (the same text, not imported:
  // a reference to the contracts' area would bring its whole definition into every bundle).
  docsTag: {
    name: 'Verträge',
    description:
      'Verträge zwischen dem Studio und einem Kontakt, digital unterschrieben, gesiegelt und nach den Regeln des BGB gekündigt.',
  },
  routes: [
    { name: 'documents-list', method: 'GET', path: '/api/contracts/{id}/documents', entry: 'functions/documents/list.ts', roles: anyRole, data: 'read' },
    { name: 'documents-get', method: 'GET', path: '/api/contracts/{id}/documents/{documentId}', entry: 'functions/documents/get.ts', roles: anyRole, data: 'read', originals: 'read' },
  ],
  eventTypes: [],
  entities: { document: { en: 'The contract has no stored document with this id', de: 'Der Vertrag hat kein gespeichertes Dokument mit dieser ID' } },
  sampleIds: {},
  sampleRequests: () => ({
    'documents-get': { parameters: { documentId: sampleDocumentId } },
  }),
} as const satisfies AreaDefinition;
