import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { handleDocumentRecords } from '#shared/documents/contract-events.ts';

/**
 * The table's stream, filtered to the contract events whose documents change (infra/documents-render.ts):
 * a signed contract's original is rendered and stored (and a mandate signed later beside it), a known end
 * extends their retention. A failure names its record, so the stream resumes there (ReportBatchItemFailures).
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const failed = await handleDocumentRecords(event.Records);
  return { batchItemFailures: failed ? [{ itemIdentifier: failed }] : [] };
};
