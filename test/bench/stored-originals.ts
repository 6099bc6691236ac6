import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { marshall } from '@aws-sdk/util-dynamodb';
import { sampleDocumentId } from '#shared/documents/area.ts';
import { documentKey } from '#shared/documents/originals/document-key.ts';
import type { FunctionName } from './bundles.ts';
import { type Fixtures, readRecordId, withTable } from './fixtures.ts';
import type { Recording } from './replay.ts';
import type { BenchEvent } from './sample-events.ts';

/*
 * Issue 21: the signed original is rendered once and stored; its downloads read it. Their floor is "the same
 * reads": the handler's DynamoDB calls replayed with the bare client, then the same bytes read from the same
 * store with a bare `readFile` (the local store's GetObject). The store's retention file and the SHA-256
 * check on every read are ours, so they count as overhead (docs/performance.md, "Stored originals").
 */

/** The functions that answer a signed contract with its stored original. */
export const storedOriginalFunctions: readonly FunctionName[] = ['documents-get', 'contracts-document'];

/** The background function that renders and stores the original from the table's stream. */
export const renderFunction: FunctionName = 'documents-render';

/** Everything `npm run bench -- --only documents` measures: the downloads, the list and the render. */
export const documentFunctions: readonly FunctionName[] = [
  ...storedOriginalFunctions,
  'documents-list',
  renderFunction,
];

/** The stored original's file in the local store under `dataDirectory` (configured-originals-store.ts). */
const originalFile = (dataDirectory: string, event: BenchEvent) =>
  join(dataDirectory, 'documents', documentKey(event.pathParameters?.id ?? '', 'signed_original'));

/** The store read a download's floor adds to its DynamoDB calls; nothing for any other function. */
export const storeReadOf =
  (name: FunctionName, dataDirectory: string) =>
  (event: BenchEvent): string | undefined =>
    storedOriginalFunctions.includes(name) ? originalFile(dataDirectory, event) : undefined;

export const readStoredBytes = (file: string | undefined): Promise<unknown> =>
  file ? readFile(file) : Promise.resolve();

/**
 * Stores the read contract's original before anything is recorded (as `documents-render` would after its
 * signature), so every download reads it and none renders: and names its id where the sample events name
 * the sample contract's original.
 */
export const storeReadContractOriginal = async (fixtures: Fixtures): Promise<Fixtures> => {
  // The data layer reads its endpoint when it loads: imported only once the bench has connected it.
  const { ensureSignedOriginal } = await import('#shared/documents/signed-original.ts');
  const contractId = readRecordId(fixtures, '/api/contracts');
  const record = await withTable(fixtures.table, () => ensureSignedOriginal(contractId));
  return { ...fixtures, ids: new Map([...fixtures.ids, [sampleDocumentId, record.id]]) };
};

/**
 * Fails unless each contract's original was stored: a stream record the function did not recognise would
 * also answer no failures, and its cold start would then measure an import, not a render.
 */
export const assertOriginalsStored = async (table: string, contractIds: readonly string[]): Promise<void> => {
  const { getStoredDocument } = await import('#shared/documents/store.ts');
  for (const contractId of contractIds) {
    const record = await withTable(table, () => getStoredDocument(contractId, 'signed_original'));
    if (!record) throw new Error(`${renderFunction} stored no original of contract ${contractId}`);
  }
};

/** The stream record Lambda hands `documents-render` when a contract becomes signed. */
export const contractSignedRecord = async (contractId: string) => {
  const { eventItem, eventOf } = await import('#shared/outbox/outbox.ts');
  const item = eventItem(eventOf({ type: 'contract.signed', id: contractId, version: 2 }));
  return {
    Records: [
      {
        eventName: 'INSERT',
        dynamodb: { NewImage: marshall(item, { removeUndefinedValues: true }), SequenceNumber: '1' },
      },
    ],
  };
};

/**
 * `documents-render` is measured by its cold start alone (its first record renders and stores a new
 * contract's original): reported, no budget. No recorded calls, so its floor is an empty Node process.
 */
export const renderRecording: Recording = { event: {}, statusCode: 200, calls: [] };
