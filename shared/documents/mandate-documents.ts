import { renderMandateFile } from '../contracts/document/contract-document.ts';
import { getExistingMandates } from '../contracts/mandates/mandate-store.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { ensureStoredDocument } from './keep-document.ts';
import type { StoredDocumentRecord } from './schema.ts';

/**
 * A mandate signed after the contract's original was stored (docs/documents.md, "A mandate signed later"):
 * each signed mandate the original does not show signed gets a `mandate` document of its own, kept as the
 * original is. The original records which mandate it shows signed, and is written before any of these, so a
 * mandate's signature is in exactly one document whatever came first. Documents that exist are kept longer
 * when the contract's end became known.
 */
export const ensureMandateDocuments = async (
  contract: ContractWithSignatures,
  original: StoredDocumentRecord,
): Promise<StoredDocumentRecord[]> => {
  const signedLater = (await getExistingMandates(contract.id)).filter(
    (mandate) => mandate.signature !== null && mandate.reference !== original.mandateReference,
  );
  const records: StoredDocumentRecord[] = [];
  for (const mandate of signedLater) {
    records.push(
      await ensureStoredDocument(contract, 'mandate', mandate.reference, async () => ({
        pdf: await renderMandateFile(contract, mandate),
        signedMandate: mandate.reference,
      })),
    );
  }
  return records;
};
