import { getContact } from '../contacts/store.ts';
import { getExistingContract } from '../contracts/store.ts';
import { logger } from '../http/logger.ts';
import { configuredMailTransport } from '../mail/configured-mail-sender.ts';
import { buildMimeMessage } from '../mail/mime-message.ts';
import { signedAtHomeMail } from '../mail/signed-at-home-mail.ts';
import { noteMailed, wasMailed } from './mail-notes.ts';
import { customerDocuments } from './signed-original.ts';

const mail = 'signed_at_home';

/**
 * A contract the customer signed at home is confirmed to them on a durable medium (§ 312f Abs. 2 BGB): once its
 * remote signing is complete (the contract signed, and its mandate too when one was to be signed), the stored
 * original, which carries the Widerrufsbelehrung and the model form, is mailed to the contact, once. Runs from
 * the stream after the original is kept (shared/documents/contract-events.ts).
 */
export const confirmSignedAtHome = async (contractId: string): Promise<void> => {
  const contract = await getExistingContract(contractId);
  const { withdrawal } = contract;
  // Only the customer's own remote signature sets `withdrawal`; a withdrawn contract needs no confirmation any more.
  if (contract.status !== 'signed' || !withdrawal || contract.mandate?.status === 'pending') return;
  if (await wasMailed(contract.id, mail)) return;
  const to = (await getContact(contract.contactId))?.email ?? contract.contact.email;
  if (!to) {
    logger.warn('Contract signed at home not confirmed: the contact has no email', { contractId });
    return;
  }
  const { original, mandateDocuments } = await customerDocuments(contract.id);
  const transport = configuredMailTransport();
  const { messageId } = await transport.sender.send(
    await buildMimeMessage(
      signedAtHomeMail({
        from: transport.from,
        to,
        contractNumber: contract.number,
        periodEndsOn: withdrawal.periodEndsOn,
        studio: contract.studio,
        contact: contract.contact,
        pdf: original.pdf,
        fileName: original.fileName,
        mandateDocuments,
      }),
    ),
  );
  await noteMailed(contract.id, mail, messageId);
};
