import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { handleDeclarationRecords } from '#shared/declarations/match-declaration.ts';

/**
 * The table's stream, filtered to `declaration.received` (infra/declarations-match.ts): each declaration is
 * matched, a match recorded, and the confirmation mailed. A failure names its record, so the stream resumes there.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const failed = await handleDeclarationRecords(event.Records);
  return { batchItemFailures: failed ? [{ itemIdentifier: failed }] : [] };
};
