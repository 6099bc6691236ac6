import { configuredMailTransport, type MailTransport } from './configured-mail-sender.ts';
import { type ContractCopyMail, contractCopyMail } from './contract-copy-mail.ts';
import { buildMimeMessage } from './mime-message.ts';

/** Sends the customer's copy with its German cover text; the id names the message in SES or the outbox. */
export const sendContractCopy = async (
  copy: Omit<ContractCopyMail, 'from'>,
  transport: MailTransport = configuredMailTransport(),
): Promise<{ messageId: string }> =>
  transport.sender.send(await buildMimeMessage(contractCopyMail({ ...copy, from: transport.from })));
