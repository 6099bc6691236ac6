import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { entryKey } from '../accounts/keys.ts';
import { now } from '../clock.ts';
import { getContact } from '../contacts/store.ts';
import { todayOf } from '../contracts/computed-dates.ts';
import { contractPartition } from '../contracts/keys.ts';
import type { StoredContract } from '../contracts/schema.ts';
import { getExistingContract } from '../contracts/store.ts';
import { documentClient, tableName } from '../db/client.ts';
import { ConditionFailed } from '../db/errors.ts';
import { putNew, write } from '../db/write.ts';
import { logger } from '../http/logger.ts';
import { configuredMailTransport } from '../mail/configured-mail-sender.ts';
import { buildMimeMessage } from '../mail/mime-message.ts';
import { earliestCollectionDate } from '../sepa/target2.ts';
import { getStudioProfile } from '../studio/store.ts';
import { collectionKey, debitKey, dueKey, dueSortPrefix } from './keys.ts';
import { preNotificationMail } from './pre-notification-mail.ts';
import { queryAll } from './query-all.ts';

/*
 * It reads the items it needs by their keys (keys.ts), not through the collections' record mappings, which would
 * bring their schemas and texts into the documents-render function's bundle.
 *
 * The Vorabankündigung after a return (docs/collections.md, "Returns"), mailed from the table's stream on
 * `due.returned` rather than by the return's request: the return's answer stands whatever the mail server does, and
 * a failed send fails the record, which the stream hands out again until it goes. Each return of a due is announced
 * once, under its note `MAILED#pre_notification#<due id>#<collection id>`, written in one transaction with the due's
 * `preNotifiedOn`, from which a collection waits `preNotificationDays`.
 */

type ReturnedDue = { id: string; collectionId: string };

/** The note that the Vorabankündigung of one return went out: the due and the collection whose debit came back. */
export const preNotificationMailKey = (contractId: string, due: ReturnedDue) => ({
  pk: contractPartition(contractId),
  sk: `MAILED#pre_notification#${due.id}#${due.collectionId}`,
});

/** The contract's returned dues waiting for their Vorabankündigung: collectable, not announced yet. */
const waitingDues = async (contractId: string): Promise<ReturnedDue[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :due)',
    // An item from before the Vorabankündigung has no `preNotifiedOn` at all: it is not waiting for one.
    FilterExpression:
      '#status = :returned AND (attribute_not_exists(collectable) OR collectable = :true) AND preNotifiedOn = :null',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': contractPartition(contractId),
      ':due': dueSortPrefix,
      ':returned': 'returned',
      ':true': true,
      ':null': null,
    },
    ConsistentRead: true,
  });
  return items.flatMap(({ id, collectionId }) =>
    typeof id === 'string' && typeof collectionId === 'string' ? [{ id, collectionId }] : [],
  );
};

const itemAt = async (key: { pk: string; sk: string }) =>
  (await documentClient.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

type Money = { amount: number };
/** What the mail takes of the debit as it was sent (shared/collections/entity.ts, `DebitRecord`). */
type SentDebit = { amount: Money; mandateReference: string; returnedOn: string | null };

/** The note and the due's `preNotifiedOn` together; a due settled or taken out of direct debit meanwhile keeps its state. */
const noteMailed = async (contractId: string, due: ReturnedDue, mailedOn: string, messageId: string) => {
  const note = putNew({
    ...preNotificationMailKey(contractId, due),
    entity: 'preNotificationMail',
    sentAt: now().toISOString(),
    messageId,
  });
  try {
    await write([
      note,
      {
        Update: {
          TableName: tableName(),
          Key: dueKey(contractId, due.id),
          UpdateExpression: 'SET preNotifiedOn = :mailedOn',
          ConditionExpression: '#status = :returned AND collectionId = :collection AND preNotifiedOn = :null',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':mailedOn': mailedOn,
            ':returned': 'returned',
            ':collection': due.collectionId,
            ':null': null,
          },
        },
      },
    ]);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    // The note is there: another run noted it first. Else the due changed since the mail: note the mail alone.
    if (error.at(0)) return;
    try {
      await write([note]);
    } catch (again) {
      if (!(again instanceof ConditionFailed)) throw again;
    }
  }
};

/**
 * Mails the Vorabankündigung of one return: amount and the earliest day of the next collection, mandate reference,
 * creditor id, the bank fee. Without the studio's SEPA creditor or an email address nothing is mailed, and the due
 * is not collected again by direct debit before staff act.
 */
const preNotify = async (contract: StoredContract, due: ReturnedDue): Promise<void> => {
  if (await itemAt(preNotificationMailKey(contract.id, due))) return;
  const [studio, collection, debitItem, bankFee, contact] = await Promise.all([
    getStudioProfile(),
    itemAt(collectionKey(due.collectionId)),
    itemAt(debitKey(due.collectionId, due.id)),
    itemAt(entryKey(contract.id, `bank-fee-${due.collectionId}-${due.id}`)),
    getContact(contract.contactId),
  ]);
  const to = contact?.email ?? contract.contact.email;
  const creditorId = (collection?.creditor as { creditorId?: string } | undefined)?.creditorId;
  if (!studio?.sepa || !creditorId || !debitItem || !to) {
    logger.info('Vorabankündigung not mailed: no SEPA creditor, debit or email address', {
      contractId: contract.id,
      dueId: due.id,
    });
    return;
  }
  const debit = debitItem as SentDebit;
  const today = todayOf(contract);
  const transport = configuredMailTransport();
  const content = preNotificationMail({
    from: transport.from,
    to,
    studio: { legalName: studio.legalName, email: studio.email },
    contact: contract.contact,
    contractNumber: contract.number,
    dueId: due.id,
    amount: debit.amount.amount,
    bankFee: (bankFee?.amount as Money | undefined)?.amount ?? 0,
    mandateReference: debit.mandateReference,
    creditorId,
    collectionDate: earliestCollectionDate(today, [today], studio.sepa.preNotificationDays),
    returnedOn: debit.returnedOn ?? today,
  });
  const { messageId } = await transport.sender.send(await buildMimeMessage(content));
  await noteMailed(contract.id, due, today, messageId);
};

/** On `due.returned`: every returned due of the contract still waiting for its Vorabankündigung gets it, once. */
export const preNotifyReturnedDues = async (contractId: string): Promise<void> => {
  const dues = await waitingDues(contractId);
  if (dues.length === 0) return;
  const contract = await getExistingContract(contractId);
  for (const due of dues) await preNotify(contract, due);
};
