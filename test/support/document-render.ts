import { afterAll, beforeAll, inject } from 'vitest';
import { startLocalDocumentRender } from '../../infra/local/document-render.ts';
import type { LocalEventStream } from '../../infra/local/event-stream.ts';

/**
 * Runs the documents' reader of the table's stream beside the API for this test file's table, as `npm start`
 * does: its position lives in `dataDir` (the file's own), the originals in `<DATA_DIR>/documents`. Register it
 * after `useApi()`, which names the file's table.
 */
export const useDocumentRender = (dataDir: string): void => {
  let render: LocalEventStream | undefined;
  beforeAll(async () => {
    const tableName = process.env.TABLE_NAME;
    if (!tableName) throw new Error('Register useDocumentRender() after useApi()');
    render = await startLocalDocumentRender({
      dataDir,
      endpoint: inject('dynamoEndpoint'),
      tableName,
      pollIntervalMs: 50,
    });
  });
  afterAll(() => render?.stop());
};
