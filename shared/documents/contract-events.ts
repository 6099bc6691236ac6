import { eventOfRecord, type StreamRecordLike } from '../events/stream-record.ts';
import { logger } from '../http/logger.ts';
import type { documentEventTypes } from './area.ts';
import { confirmSignedAtHome } from './signed-at-home-confirmation.ts';
import { keepContractDocuments, keepDocumentsOfSignedContract } from './signed-original.ts';
import { confirmTermination } from './termination-confirmation.ts';

/*
 * The documents' share of the outbox (docs/documents.md, "Rendered once"): a contract that became signed gets
 * its original rendered and stored now, not at its first download; a mandate signed after that gets a document
 * of its own; a contract whose end became known gets its documents kept longer, and a terminated one its
 * Kündigungsbestätigung, kept and mailed (termination-confirmation.ts). All idempotent, so a record
 * handed out twice (the stream's at-least-once) or a download that came first changes nothing.
 */

const work: Record<(typeof documentEventTypes)[number], (contractId: string) => Promise<unknown>> = {
  // Not before its mandate's step, if one follows: a contract and mandate signed together share one original.
  // A contract signed at home is then confirmed to the customer with it.
  'contract.signed': async (contractId) => {
    await keepDocumentsOfSignedContract(contractId);
    await confirmSignedAtHome(contractId);
  },
  // Rendered and stored if still missing, and kept to the end's retention date; then the Kündigungsbestätigung.
  'contract.terminated': async (contractId) => {
    await keepContractDocuments(contractId);
    await confirmTermination(contractId);
  },
  // A withdrawal fixes the end too: the documents are kept to its retention date.
  'contract.withdrawn': keepContractDocuments,
  // The original first (if the contract is signed), then the mandate's document if the original lacks it.
  'mandate.signed': async (contractId) => {
    await keepContractDocuments(contractId);
    await confirmSignedAtHome(contractId);
  },
};

/**
 * Handles a batch of stream records in order; answers the sequence number of the first record whose work
 * failed (the stream hands it and the later ones out again), or undefined.
 */
export const handleDocumentRecords = async (records: readonly StreamRecordLike[]): Promise<string | undefined> => {
  for (const record of records) {
    const event = eventOfRecord(record);
    const handle = event && work[event.type as keyof typeof work];
    if (!event || !handle) continue;
    try {
      await handle(event.data.id);
    } catch (error) {
      logger.error('Contract document work failed', { eventId: event.id, type: event.type, error: String(error) });
      return record.dynamodb?.SequenceNumber;
    }
  }
  return undefined;
};
