import { now } from '../../clock.ts';
import { write } from '../../db/write.ts';
import { customerDocuments } from '../../documents/signed-original.ts';
import { newId } from '../../http/ids.ts';
import { Problem } from '../../http/problem.ts';
import { sendContractCopy } from '../../mail/send-contract-copy.ts';
import { contractTexts } from '../texts.ts';
import { sentCopyWrites } from '../writes.ts';
import type { ContractCopy } from './copy-schema.ts';

/**
 * Sends the customer's copy (docs/walkthrough.md, "The customer's copy") by email and records it on the
 * contract, with its `contract.copy_sent` event, in one transaction. The mail
 * leaves before the record is written: if that write fails, the answer is an
 * error and a retry (with the same Idempotency-Key) sends the mail again — a
 * customer may get a copy twice, never a recorded copy that was not sent.
 */
export const sendCopy = async (contractId: string, to: string | null): Promise<ContractCopy> => {
  // A signed contract's copy is its stored original, byte for byte (with a mandate signed later beside it);
  // a pending one's a draft.
  const { contract, original, mandateDocuments } = await customerDocuments(contractId);
  const address = to ?? contract.contact.email;
  if (!address) {
    throw new Problem('unprocessable', contractTexts.localized('noCopyAddress'), {
      errors: [{ path: 'to', message: contractTexts.localized('copyAddressRequired') }],
    });
  }
  const { messageId } = await sendContractCopy({
    to: address,
    contractNumber: contract.number,
    studio: { legalName: contract.studio.legalName, email: contract.studio.email },
    contact: { firstName: contract.contact.firstName, lastName: contract.contact.lastName },
    pdf: original.pdf,
    fileName: original.fileName,
    mandateDocuments,
  });
  const copy: ContractCopy = { id: newId(), to: address, sentAt: now().toISOString(), messageId };
  await write(sentCopyWrites(contractId, copy), {
    result: copy,
    change: { type: 'contract.copy_sent', id: contractId, version: contract.version },
  });
  return copy;
};
