import type { StreamRecordHandler } from '../background/stream-function.ts';
import { preNotifyReturnedDues } from '../collections/pre-notification.ts';
import { keepAndMailAmendment } from './amendment-documents.ts';
import type { documentEventTypes } from './area.ts';
import { sendReminderLetters } from './reminder-letters.ts';
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

const work: Record<(typeof documentEventTypes)[number], (id: string) => Promise<unknown>> = {
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
  // The reminder's letter, kept as a document of its own and mailed (reminder-letters.ts).
  'reminder.sent': sendReminderLetters,
  // The amendment's document, kept and mailed (amendment-documents.ts); this event names the amendment, not the contract.
  'amendment.agreed': keepAndMailAmendment,
  // The Vorabankündigung of a returned due's next collection: a mail, no document (shared/collections/pre-notification.ts).
  'due.returned': preNotifyReturnedDues,
};

/** The documents' record handler: the work of each contract event whose documents change (`documentEventTypes`). */
export const documentRecords: StreamRecordHandler<undefined> = {
  handle: async (event) => {
    const handle = work[event.type as keyof typeof work];
    if (handle) await handle(event.data.id);
  },
  failure: 'Contract document work failed',
};
