import { now } from '../../clock.ts';
import { tableCertificateStore } from '../../documents/table-certificate-store.ts';
import { loadOrIssueCertificate } from '../../pdf/seal-certificate.ts';
import { configuredSealer } from '../../signatures/configured-sealer.ts';
import { dueScheduleOf } from '../amendments/in-force.ts';
import { paymentScheduleOf } from '../dues/payment-schedule.ts';
import { getMandateSignatureImage, mandateSequenceOf } from '../mandates/mandate-image.ts';
import type { Mandate } from '../mandates/mandate-schema.ts';
import { mandateText } from '../mandates/mandate-text.ts';
import type { ContractWithSignatures } from '../schema.ts';
import { getSignatureImages } from '../store.ts';
import { describeTerm } from '../term-sentences.ts';
import type { DirectDebitForDocument } from './contract-for-document.ts';
import {
  type ContractDocumentOptions,
  contractDocumentFileName,
  renderContractDocument,
  renderMandateDocument,
} from './render-contract-document.ts';

export interface ContractDocument {
  contract: ContractWithSignatures;
  fileName: string;
  pdf: Uint8Array;
}

/** The sealing key and its certificate, as every sealed PDF of a contract takes them. */
export const sealingOptions = async (): Promise<ContractDocumentOptions> => {
  const sealer = configuredSealer();
  const certificate = await loadOrIssueCertificate(tableCertificateStore, sealer);
  return { sealer, certificate, signedAt: now() };
};

/**
 * A mandate with its page's text (the one `mandateText`, as `GET …/mandate` and the signing page show it),
 * its drawn signature when signed, and the contract's dues as the pre-notification. A cancelled contract
 * owes nothing, so it announces no debit.
 */
export const directDebitOf = async (
  contract: ContractWithSignatures,
  mandate: Mandate,
): Promise<DirectDebitForDocument> => {
  const image = mandate.signature
    ? await getMandateSignatureImage(contract.id, mandateSequenceOf(contract.number, mandate.reference))
    : null;
  const schedule =
    contract.status === 'cancelled'
      ? { firstDues: [], recurring: [], priceChanges: [], lastDue: null }
      : paymentScheduleOf({ ...contract, endsOn: contract.endsOn, ...dueScheduleOf(contract) });
  return { mandate: { ...mandate, text: mandateText(mandate), image }, schedule };
};

/**
 * The customer's copy of a contract (docs/walkthrough.md, "The customer's copy"): rendered from the stored
 * contract as it is now, its current mandate included, and sealed with the sealing key, so any PDF reader can
 * check it offline. A signed contract's copy is rendered once and kept (shared/documents/signed-original.ts).
 */
export const renderContractFile = async (contract: ContractWithSignatures): Promise<ContractDocument> => {
  const [signatureImages, directDebit, options] = await Promise.all([
    getSignatureImages(contract.id),
    contract.mandate ? directDebitOf(contract, contract.mandate) : null,
    sealingOptions(),
  ]);
  const pdf = await renderContractDocument(
    { contract, signatureImages, termSentences: describeTerm(contract), directDebit },
    options,
  );
  return { contract, fileName: contractDocumentFileName(contract), pdf };
};

/** A signed mandate's own document (docs/documents.md, "A mandate signed later"), sealed as the copy is. */
export const renderMandateFile = async (contract: ContractWithSignatures, mandate: Mandate): Promise<Uint8Array> => {
  const [directDebit, options] = await Promise.all([directDebitOf(contract, mandate), sealingOptions()]);
  return renderMandateDocument(contract, directDebit, options);
};
