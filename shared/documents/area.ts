import type { AreaDefinition } from '../areas.ts';
import { anyRole } from '../roles.ts';
import { contractDocumentFiles } from './document-files.ts';

/**
 * The contract events whose documents change or whose letter is mailed: the `documents-render` function follows them
 * (docs/documents.md); `due.returned` for the Vorabankündigung, a mail without a document, since a fourth reader of
 * the table's stream is one more than DynamoDB advises (two per shard; this function is the second).
 */
export const documentEventTypes = [
  'contract.signed',
  'contract.terminated',
  'contract.withdrawn',
  'mandate.signed',
  'reminder.sent',
  'amendment.agreed',
  'due.returned',
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
  // A second reader of the table's stream beside the webhook dispatcher (DynamoDB advises at most two per shard):
  // renders and stores the originals, extends their retention, mails the Kündigungsbestätigung, the reminders and the
  // Vorabankündigung after a return (docs/documents.md, docs/accounts.md).
  // What it gives up on is rendered at its first download; a missed retention extension is made up then too.
  backgroundFunctions: [
    { name: 'documents-render', entry: 'functions/documents/render.ts', data: 'read-write', sealing: 'sign', originals: 'store', sendsMail: true, files: contractDocumentFiles, timeoutSeconds: 60,
      trigger: {
        stream: documentEventTypes,
        onFailure: { deadLetters: 'The documents-render function gave up on stream records after 10 attempts (see "Contract document work failed" in its logs). The originals are rendered at their first download; a missed retention extension is made up then too; a returned due whose Vorabankündigung was not mailed keeps preNotifiedOn null and is not debited again. Fix the cause, then GET /api/contracts/{id}/document for the contracts named in the logs, and ask the members of returned dues without preNotifiedOn to pay.' },
        behindAlarm: { minutes: 15, description: 'The documents-render function is more than 15 minutes behind the table’s stream: originals wait for their first download, and after 24 h the stream drops the records. Look at its logs and errors.' },
      } },
  ],
  eventTypes: [],
  entities: { document: { en: 'The contract has no stored document with this id', de: 'Der Vertrag hat kein gespeichertes Dokument mit dieser ID' } },
  sampleIds: {},
  sampleRequests: () => ({
    'documents-get': { parameters: { documentId: sampleDocumentId } },
  }),
} as const satisfies AreaDefinition;
