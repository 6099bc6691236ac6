import { getContact } from '../contacts/store.ts';
import { renderAmendmentFile } from '../contracts/amendments/amendment-file.ts';
import { amendmentTitle } from '../contracts/amendments/amendment-labels.ts';
import type { Amendment } from '../contracts/amendments/amendment-schema.ts';
import { contractIdOfAmendment, getContractAndAmendments } from '../contracts/amendments/amendment-store.ts';
import { amendmentDocumentFileName } from '../contracts/document/amendment-document.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { amendmentTexts } from '../contracts/texts.ts';
import { NotFound } from '../db/errors.ts';
import { logger } from '../http/logger.ts';
import { Problem } from '../http/problem.ts';
import { amendmentMail } from '../mail/amendment-mail.ts';
import { configuredMailTransport } from '../mail/configured-mail-sender.ts';
import { buildMimeMessage } from '../mail/mime-message.ts';
import { ensureStoredDocument } from './keep-document.ts';
import { noteMailed, wasMailed } from './mail-notes.ts';
import type { StoredDocumentRecord } from './schema.ts';
import { type DownloadedDocument, storedDocumentBytes } from './stored-document-download.ts';

/*
 * The amendment's document (docs/amendments.md, "Das Dokument der Vereinbarung"): while offered a draft rendered on
 * request and kept nowhere; once agreed rendered once and kept as the contract's `amendment` document (one per
 * amendment, named by its number), and mailed to the customer as the copy in text form (§ 126b BGB) from the stream
 * on `amendment.agreed`, once: a note per amendment says it went out.
 */

const ensureAmendmentDocument = (
  contract: ContractWithSignatures,
  amendments: readonly Amendment[],
  amendment: Amendment,
): Promise<StoredDocumentRecord> =>
  ensureStoredDocument(contract, 'amendment', amendment.number, async () => ({
    pdf: await renderAmendmentFile(contract, amendments, amendment),
    signedMandate: null,
  }));

/** `GET …/amendments/{amendmentId}/document`: the draft of an offer, the stored document of an agreed amendment. */
export const amendmentDocumentDownload = async (
  contractId: string,
  amendmentId: string,
): Promise<DownloadedDocument> => {
  const { contract, amendments } = await getContractAndAmendments(contractId);
  const amendment = amendments.find((candidate) => candidate.id === amendmentId);
  if (!amendment) throw new NotFound('amendment');
  const fileName = amendmentDocumentFileName(amendment);
  if (amendment.status === 'offered')
    return { fileName, pdf: await renderAmendmentFile(contract, amendments, amendment) };
  if (amendment.status !== 'agreed') {
    throw new Problem('conflict', amendmentTexts.localized('amendmentHasNoDocument', amendment.status));
  }
  const record = await ensureAmendmentDocument(contract, amendments, amendment);
  return { fileName, pdf: await storedDocumentBytes(contract.id, record), sha256: record.sha256 };
};

/** The background work of `amendment.agreed`: the document kept, then mailed to the customer once. */
export const keepAndMailAmendment = async (amendmentId: string): Promise<void> => {
  const contractId = await contractIdOfAmendment(amendmentId);
  // The index is eventually consistent: failing hands the record out again (the stream's retry) until it has caught up.
  if (!contractId) throw new Error(`Amendment ${amendmentId} not found on gsi1 (yet)`);
  const { contract, amendments } = await getContractAndAmendments(contractId);
  const amendment = amendments.find((candidate) => candidate.id === amendmentId);
  if (amendment?.status !== 'agreed') return;
  const mail = `amendment#${amendment.number}`;
  if (await wasMailed(contract.id, mail)) return;
  const record = await ensureAmendmentDocument(contract, amendments, amendment);
  const to = (await getContact(contract.contactId))?.email ?? contract.contact.email;
  if (!to) {
    logger.info('Amendment document kept, not mailed: the contact has no email', { contractId, amendmentId });
    return;
  }
  const transport = configuredMailTransport();
  const { messageId } = await transport.sender.send(
    await buildMimeMessage(
      amendmentMail({
        from: transport.from,
        to,
        contractNumber: contract.number,
        studio: contract.studio,
        contact: contract.contact,
        title: amendmentTitle(amendment, contract.number),
        amendmentNumber: amendment.number,
        pdf: await storedDocumentBytes(contract.id, record),
        fileName: amendmentDocumentFileName(amendment),
      }),
    ),
  );
  await noteMailed(contract.id, mail, messageId);
};
