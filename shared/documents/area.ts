import type { AreaDefinition } from '../areas.ts';
import { anyRole } from '../roles.ts';
import { contractDocumentFiles } from './document-files.ts';

/** The contract events whose documents change: the `documents-render` function follows them (docs/documents.md). */
export const documentEventTypes = [
  'contract.signed',
  'contract.terminated',
  'contract.withdrawn',
  'mandate.signed',
] as const;

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
  // Reads the table's stream, as a second reader beside the webhook dispatcher (infra/documents-render.ts); mails the
  // Kündigungsbestätigung.
  backgroundFunctions: [
    { name: 'documents-render', entry: 'functions/documents/render.ts', data: 'read-write', sealing: 'sign', originals: 'store', sendsMail: true, files: contractDocumentFiles, timeoutSeconds: 60 },
  ],
  eventTypes: [],
  entities: { document: { en: 'The contract has no stored document with this id', de: 'Der Vertrag hat kein gespeichertes Dokument mit dieser ID' } },
  sampleIds: {},
  sampleRequests: () => ({
    'documents-get': { parameters: { documentId: sampleDocumentId } },
  }),
} as const satisfies AreaDefinition;
