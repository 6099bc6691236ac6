import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock.ts';
import { contactKey, restrictedContactSortKey, restrictedContactsPartition } from '../contacts/keys.ts';
import { documentClient, tableName } from '../db/client.ts';
import { type WriteItem, write } from '../db/write.ts';
import { configuredOriginalsStore } from '../documents/originals/configured-originals-store.ts';
import { contractDocumentsPrefix } from '../documents/originals/document-key.ts';
import { logger } from '../http/logger.ts';
import { eraseOutboxMailsTo } from '../mail/outbox-erasure.ts';
import { erasureLogEntry } from './erasure-log.ts';
import { type PersonItem, type PersonItems, readPersonItems } from './person-items.ts';

/*
 * The retention purge (Art. 5 Abs. 1 e, Art. 17 GDPR): a restricted contact whose `restrictedUntil` has passed
 * goes with everything found from it. Run daily in AWS (infra/retention-purge.ts) and at `npm start` then hourly.
 *
 * Resumable: nothing is marked "in progress". A crash anywhere leaves the contact restricted and past its
 * date, so the next run finds it again and deletes what is left; every delete is unconditional and
 * harmless to repeat. That works because an item goes only after every item it leads to:
 *   1. the stored documents (every version), found from the contract ids;
 *   2. the debits, found from the dues' `collectionId`;
 *   3. the rest of the contracts' partitions, the declarations, the email's claim, the local outbox's mails;
 *   4. the contracts themselves, the way to the above (gsi2 from the contact);
 *   5. the contact, in one transaction with the erasure log's entry and `contact.erased`.
 */

/** What one run did: the contacts it erased, and those it could not (tried again next run), by id only. */
export interface PurgeReport {
  readonly erased: readonly string[];
  readonly failed: readonly string[];
}

// Well under TransactWriteItems' 100 items and 4 MB (signature images are the large ones).
const deletesPerTransaction = 25;

/** Restricted contacts whose restriction ended at or before `at`: one Query of the sparse restricted list. */
const expiredRestrictions = async function* (at: Date): AsyncGenerator<string> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :after',
        // `~` sorts after every id: a restriction ending exactly at `at` has ended.
        ExpressionAttributeValues: {
          ':pk': restrictedContactsPartition,
          ':after': restrictedContactSortKey(at.toISOString(), '~'),
        },
        ProjectionExpression: 'id',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) yield String(item.id);
    start = page.LastEvaluatedKey;
  } while (start);
};

/**
 * In the order above; events stay: they are the webhooks' outbox, name records by id only and expire
 * after 30 days (deleting one could drop a delivery still due).
 */
const stageOf = ({ declaration }: PersonItem): number | undefined => {
  if (declaration.reach.from === 'events') return undefined;
  if (declaration.entity === 'debit') return 2;
  if (declaration.entity === 'contract') return 4;
  if (declaration.entity === 'contact') return 5;
  return 3;
};

const deleteOf = ({ item }: PersonItem): WriteItem => ({
  Delete: { TableName: tableName(), Key: { pk: item.pk, sk: item.sk } },
});

const deleteInChunks = async (items: readonly PersonItem[]): Promise<void> => {
  for (let first = 0; first < items.length; first += deletesPerTransaction)
    await write(items.slice(first, first + deletesPerTransaction).map(deleteOf));
};

const deleteStoredDocuments = async (contractIds: readonly string[]): Promise<void> => {
  const store = configuredOriginalsStore();
  for (const contractId of contractIds)
    for (const version of await store.listVersions(contractDocumentsPrefix(contractId)))
      await store.deleteVersion(version);
};

/** The restriction as the table holds it now: the index may lag behind a change. */
const restrictionHasEnded = (contact: PersonItems['contact'], at: Date): boolean =>
  contact.restricted === true &&
  typeof contact.restrictedUntil === 'string' &&
  Date.parse(contact.restrictedUntil) <= at.getTime();

/** Erases one contact whose restriction has ended; false when there was nothing (any more) to erase. */
export const purgeContact = async (contactId: string, at: Date = now()): Promise<boolean> => {
  const person = await readPersonItems(contactId);
  if (!person || !restrictionHasEnded(person.contact, at)) return false;
  await deleteStoredDocuments(person.contractIds);
  const inStage = (stage: number) => person.items.filter((found) => stageOf(found) === stage);
  await deleteInChunks(inStage(2));
  await deleteInChunks(inStage(3));
  if (typeof person.contact.email === 'string') await eraseOutboxMailsTo(person.contact.email);
  await deleteInChunks(inStage(4));
  const version = Number(person.contact.version);
  // Conditional on the version read: a contact changed meanwhile is read again by the next run.
  await write(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: contactKey(contactId),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': version },
        },
      },
      erasureLogEntry(contactId, at.toISOString(), 'retention'),
    ],
    { change: { type: 'contact.erased', id: contactId, version } },
  );
  return true;
};

/**
 * Purges every restricted contact whose `restrictedUntil` has passed. A contact that fails is logged (by id) and
 * left for the next run; the others go on.
 */
export const purgeExpiredRestrictions = async (at: Date = now()): Promise<PurgeReport> => {
  const erased: string[] = [];
  const failed: string[] = [];
  for await (const contactId of expiredRestrictions(at)) {
    try {
      if (await purgeContact(contactId, at)) erased.push(contactId);
    } catch (error) {
      failed.push(contactId);
      logger.error('retention purge failed for a contact', { contactId, error: (error as Error).name });
    }
  }
  logger.info('retention purge done', { erased: erased.length, failed: failed.length });
  return { erased, failed };
};
