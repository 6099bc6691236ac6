import { localEventStreamFile, startLocalEventStream } from './event-stream.ts';

export interface LocalDocumentRenderOptions {
  /** The data folder: the stream position lives in `event-stream/`. */
  dataDir: string;
  /** The DynamoDB (Local) whose table stream is read. */
  endpoint: string;
  tableName: string;
  pollIntervalMs?: number;
}

/**
 * The documents' background work (docs/documents.md) run in this process, as the stack runs it in Lambda:
 * a second reader of the table's stream, with a position of its own, hands the contract events to the same
 * code the `documents-render` function runs. Imported after `connectHandlers` has pointed this process at the
 * local table, like the webhooks' delivery.
 */
export const startLocalDocumentRender = async (options: LocalDocumentRenderOptions) => {
  const { handleDocumentRecords } = await import('#shared/documents/contract-events.ts');
  return startLocalEventStream({
    endpoint: options.endpoint,
    tableName: options.tableName,
    positionFile: localEventStreamFile(options.dataDir, options.tableName, 'documents-render'),
    ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
    handle: handleDocumentRecords,
  });
};
