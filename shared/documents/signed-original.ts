import { renderContractFile } from '../contracts/document/contract-document.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { getExistingContract } from '../contracts/store.ts';
import { slotOf } from './entity.ts';
import { storedDocumentFileName } from './file-names.ts';
import { ensureStoredDocument } from './keep-document.ts';
import { ensureMandateDocuments } from './mandate-documents.ts';
import type { StoredDocumentRecord } from './schema.ts';
import { type DownloadedDocument, storedDocumentBytes } from './stored-document-download.ts';

/*
 * The signed original (docs/documents.md, "Exactly one original per contract"), kept as every contract
 * document is (keep-document.ts), with the current mandate's page, signed if the mandate was signed by then.
 */

/** A contract that was signed: its original exists (or is due). A pending or cancelled one has only drafts. */
export const hasSignedOriginal = (contract: Pick<ContractWithSignatures, 'status'>): boolean =>
  contract.status === 'signed' || contract.status === 'terminated' || contract.status === 'withdrawn';

/**
 * The signed contract's original, rendered and stored if this is the first time anyone asks for it, and kept
 * as long as the contract asks by now.
 */
export const ensureSignedOriginalOf = async (contract: ContractWithSignatures): Promise<StoredDocumentRecord> => {
  if (!hasSignedOriginal(contract)) throw new Error(`Contract ${contract.id} is ${contract.status}, not signed`);
  return ensureStoredDocument(contract, 'signed_original', null, async () => {
    const { pdf } = await renderContractFile(contract);
    return { pdf, signedMandate: contract.mandate?.signature ? contract.mandate.reference : null };
  });
};

export const ensureSignedOriginal = async (contractId: string): Promise<StoredDocumentRecord> =>
  ensureSignedOriginalOf(await getExistingContract(contractId));

/** The original first, then a document for each signed mandate it does not show signed. */
const ensureContractDocumentsOf = async (contract: ContractWithSignatures): Promise<StoredDocumentRecord> => {
  const original = await ensureSignedOriginalOf(contract);
  await ensureMandateDocuments(contract, original);
  return original;
};

/**
 * The background work of `contract.terminated`, `contract.withdrawn` and `mandate.signed`
 * (shared/documents/contract-events.ts): every signature announces its event, so one that leaves the contract
 * pending has nothing to store (its original, rendered later, shows the mandate as it is then).
 */
export const keepContractDocuments = async (contractId: string): Promise<void> => {
  const contract = await getExistingContract(contractId);
  if (hasSignedOriginal(contract)) await ensureContractDocumentsOf(contract);
};

/**
 * The background work of `contract.signed`. While the contract's mandate still waits for its signature (the
 * tablet's next step), rendering now would keep a mandate page „noch nicht unterschrieben“ for good: the
 * original waits for `mandate.signed`, or for the first download, copy or end, whichever comes first.
 */
export const keepDocumentsOfSignedContract = async (contractId: string): Promise<void> => {
  const contract = await getExistingContract(contractId);
  if (hasSignedOriginal(contract) && contract.mandate?.status !== 'pending') await ensureContractDocumentsOf(contract);
};

/**
 * `GET …/document` and `POST …/copies`: a signed contract's stored original (rendered and stored now if no one
 * asked before, a mandate signed later stored beside it), else a draft rendered on request and stored nowhere.
 */
export const contractDocumentDownload = async (
  contractId: string,
): Promise<DownloadedDocument & { contract: ContractWithSignatures }> => {
  const contract = await getExistingContract(contractId);
  if (!hasSignedOriginal(contract)) return renderContractFile(contract);
  const record = await ensureContractDocumentsOf(contract);
  const pdf = await storedDocumentBytes(contract.id, record);
  return { contract, fileName: storedDocumentFileName(record.kind, contract.number), pdf, sha256: record.sha256 };
};

/**
 * What the customer is given of a contract (the copy mail): its stored original and the document of each
 * mandate signed after the original was kept, so every signature the customer gave is in their hands; a
 * pending contract's draft alone.
 */
export const customerDocuments = async (
  contractId: string,
): Promise<{
  contract: ContractWithSignatures;
  original: DownloadedDocument;
  mandateDocuments: DownloadedDocument[];
}> => {
  const contract = await getExistingContract(contractId);
  if (!hasSignedOriginal(contract)) {
    const { fileName, pdf } = await renderContractFile(contract);
    return { contract, original: { fileName, pdf }, mandateDocuments: [] };
  }
  const record = await ensureSignedOriginalOf(contract);
  const [original, ...mandateDocuments] = await Promise.all(
    [record, ...(await ensureMandateDocuments(contract, record))].map(async (kept) => ({
      fileName: storedDocumentFileName(kept.kind, contract.number, slotOf(kept)),
      pdf: await storedDocumentBytes(contract.id, kept),
      sha256: kept.sha256,
    })),
  );
  return { contract, original: original as DownloadedDocument, mandateDocuments };
};
