import { localEventStreamFile, startLocalEventStream } from './event-stream.ts';

export interface LocalDeclarationsMatchOptions {
  /** The data folder: the stream position lives in `event-stream/`, the confirmations in `outbox/`. */
  dataDir: string;
  /** The DynamoDB (Local) whose table stream is read. */
  endpoint: string;
  tableName: string;
  pollIntervalMs?: number;
}

/**
 * The declarations' background work (docs/declarations.md) run in this process, as the stack runs it in Lambda:
 * a reader of the table's stream with a position of its own hands `declaration.received` to the same code the
 * `declarations-match` function runs. Imported after `connectHandlers` has pointed this process at the local table.
 */
export const startLocalDeclarationsMatch = async (options: LocalDeclarationsMatchOptions) => {
  const { handleDeclarationRecords } = await import('#shared/declarations/match-declaration.ts');
  return startLocalEventStream({
    endpoint: options.endpoint,
    tableName: options.tableName,
    positionFile: localEventStreamFile(options.dataDir, options.tableName, 'declarations-match'),
    ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
    handle: handleDeclarationRecords,
  });
};
