import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { reminderFromItem, reminderSortPrefix } from '../accounts/reminders/entity.ts';
import { reminderTitle, renderReminderLetter } from '../accounts/reminders/reminder-letter.ts';
import type { Reminder } from '../accounts/reminders/schema.ts';
import { now } from '../clock.ts';
import { getContact } from '../contacts/store.ts';
import { sealingOptions } from '../contracts/document/contract-document.ts';
import { contractPartition } from '../contracts/keys.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { getExistingContract } from '../contracts/store.ts';
import { documentClient, tableName } from '../db/client.ts';
import { ConditionFailed } from '../db/errors.ts';
import { putNew, write } from '../db/write.ts';
import { logger } from '../http/logger.ts';
import { configuredMailTransport } from '../mail/configured-mail-sender.ts';
import { buildMimeMessage } from '../mail/mime-message.ts';
import { reminderMail } from '../mail/reminder-mail.ts';
import { storedDocumentFileName } from './file-names.ts';
import { ensureStoredDocument } from './keep-document.ts';
import { storedDocumentBytes } from './stored-document-download.ts';

/*
 * The reminder letters (docs/accounts.md, "Reminders"): on `reminder.sent` each reminder of the contract not mailed
 * yet is rendered once from its kept item, stored write-once as the contract's `reminder` document (one per
 * reminder) and mailed with the letter attached; a note per reminder says it went out. At least once: a record
 * handed out twice finds the note, or at worst mails again, never a different letter.
 */

/** The note that a reminder's letter went out, one per reminder, no personal data. */
export const reminderMailKey = (contractId: string, number: number) => ({
  pk: contractPartition(contractId),
  sk: `MAILED#reminder#${String(number).padStart(3, '0')}`,
});

const remindersOf = async (contractId: string): Promise<Reminder[]> => {
  const { Items } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': contractPartition(contractId), ':prefix': reminderSortPrefix },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(reminderFromItem);
};

const mailed = async (contractId: string, number: number): Promise<boolean> => {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: reminderMailKey(contractId, number), ConsistentRead: true }),
  );
  return Item !== undefined;
};

const noteMailed = async (contractId: string, number: number, messageId: string): Promise<void> => {
  try {
    await write([
      putNew({
        ...reminderMailKey(contractId, number),
        entity: 'reminderMail',
        sentAt: now().toISOString(),
        messageId,
      }),
    ]);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
};

const keepAndMail = async (contract: ContractWithSignatures, reminder: Reminder): Promise<void> => {
  const record = await ensureStoredDocument(contract, 'reminder', reminder.number, async () => ({
    pdf: await renderReminderLetter(contract, reminder, await sealingOptions()),
    signedMandate: null,
  }));
  const to = (await getContact(contract.contactId))?.email ?? contract.contact.email;
  if (!to) {
    logger.info('Reminder kept, not mailed: the contact has no email', { contractId: contract.id });
    return;
  }
  const pdf = await storedDocumentBytes(contract.id, record);
  const transport = configuredMailTransport();
  const { messageId } = await transport.sender.send(
    await buildMimeMessage(
      reminderMail({
        from: transport.from,
        to,
        contractNumber: contract.number,
        studio: contract.studio,
        contact: contract.contact,
        title: reminderTitle(reminder),
        total: reminder.total,
        deadline: reminder.deadline,
        pdf,
        fileName: storedDocumentFileName('reminder', contract.number, reminder.number),
      }),
    ),
  );
  await noteMailed(contract.id, reminder.number, messageId);
};

/** Keeps and mails every reminder of the contract that has not gone out yet, oldest first. */
export const sendReminderLetters = async (contractId: string): Promise<void> => {
  const reminders = await remindersOf(contractId);
  if (reminders.length === 0) return;
  const contract = await getExistingContract(contractId);
  for (const reminder of reminders) {
    if (!(await mailed(contractId, reminder.number))) await keepAndMail(contract, reminder);
  }
};
