import { getContact } from '../contacts/store.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { getExistingContract } from '../contracts/store.ts';
import { renderTerminationLetterFile } from '../contracts/termination/termination-letter-file.ts';
import { logger } from '../http/logger.ts';
import { configuredMailTransport } from '../mail/configured-mail-sender.ts';
import { buildMimeMessage } from '../mail/mime-message.ts';
import { terminationConfirmationMail } from '../mail/termination-confirmation-mail.ts';
import { storedDocumentFileName } from './file-names.ts';
import { ensureStoredDocument } from './keep-document.ts';
import { noteMailed, wasMailed } from './mail-notes.ts';
import { storedDocumentBytes } from './stored-document-download.ts';

/*
 * The Kündigungsbestätigung (docs/documents.md, "Termination confirmation"): for every recorded termination,
 * whoever recorded it (the counter, the customer's button, staff assigning a declaration), the letter is
 * rendered once and kept as the contract's `termination_confirmation` document, and mailed to the contact
 * with the letter attached. It runs from the stream on `contract.terminated`, beside the rest of the
 * documents' work, so the termination's answer never waits for a render or a mail server.
 */

type Terminated = ContractWithSignatures & { termination: NonNullable<ContractWithSignatures['termination']> };

/**
 * The letter's bytes: the stored document. The slot holds one letter per contract (one `termination_confirmation` per contract); when it holds
 * the letter of an earlier termination that was withdrawn since, that one stays kept as it is, and this
 * termination's letter, rendered now, goes by mail only.
 */
const letterOf = async (contract: Terminated): Promise<Uint8Array> => {
  const record = await ensureStoredDocument(contract, 'termination_confirmation', null, async () => ({
    pdf: await renderTerminationLetterFile(contract),
    signedMandate: null,
  }));
  if (record.createdAt >= contract.termination.recordedAt) return storedDocumentBytes(contract.id, record);
  logger.warn('Termination letter slot holds an earlier termination', { contractId: contract.id });
  return renderTerminationLetterFile(contract);
};

/** Keeps and mails the confirmation of the contract's termination, once; a termination withdrawn since gets none. */
export const confirmTermination = async (contractId: string): Promise<void> => {
  const contract = await getExistingContract(contractId);
  const { termination } = contract;
  if (contract.status !== 'terminated' || !termination) return;
  const mail = `termination_confirmation#${termination.recordedAt}`;
  if (await wasMailed(contract.id, mail)) return;
  const pdf = await letterOf({ ...contract, termination });
  const to = (await getContact(contract.contactId))?.email ?? contract.contact.email;
  if (!to) {
    logger.info('Termination confirmation kept, not mailed: the contact has no email', { contractId });
    return;
  }
  const transport = configuredMailTransport();
  const { messageId } = await transport.sender.send(
    await buildMimeMessage(
      terminationConfirmationMail({
        from: transport.from,
        to,
        contractNumber: contract.number,
        endsOn: termination.endsOn,
        studio: contract.studio,
        contact: contract.contact,
        pdf,
        fileName: storedDocumentFileName('termination_confirmation', contract.number),
      }),
    ),
  );
  await noteMailed(contract.id, mail, messageId);
};
