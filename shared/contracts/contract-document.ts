import { now } from '../clock.ts';
import { loadOrIssueCertificate } from '../documents/seal-certificate.ts';
import { tableCertificateStore } from '../documents/table-certificate-store.ts';
import { configuredSealer } from '../signatures/configured-sealer.ts';
import { contractDocumentFileName, renderContractDocument } from './document/render-contract-document.ts';
import type { ContractWithSignatures } from './schema.ts';
import { getSignatureImages } from './store.ts';
import { describeTerm } from './term-sentences.ts';

export interface ContractDocument {
  contract: ContractWithSignatures;
  fileName: string;
  pdf: Uint8Array;
}

/**
 * The customer's copy of a contract (docs/walkthrough.md, "The customer's copy"): rendered from the stored
 * contract as it is now and sealed with the sealing key, so any PDF reader can
 * check it offline. A signed contract's copy is rendered once and kept (shared/documents/signed-original.ts).
 */
export const renderContractFile = async (contract: ContractWithSignatures): Promise<ContractDocument> => {
  const signatureImages = await getSignatureImages(contract.id);
  const sealer = configuredSealer();
  const certificate = await loadOrIssueCertificate(tableCertificateStore, sealer);
  const pdf = await renderContractDocument(
    { contract, signatureImages, termSentences: describeTerm(contract) },
    { sealer, certificate, signedAt: now() },
  );
  return { contract, fileName: contractDocumentFileName(contract), pdf };
};
