import { contactKey } from '../contacts/keys.ts';
import { tableName } from '../db/client.ts';
import { type WriteItem, write } from '../db/write.ts';
import { configuredOriginalsStore } from '../documents/originals/configured-originals-store.ts';
import { contractDocumentsPrefix } from '../documents/originals/document-key.ts';
import { eraseOutboxMailsTo } from '../mail/outbox-erasure.ts';
import { type ErasureBasis, erasureLogEntry } from './erasure-log.ts';
import type { PersonItem, PersonItems } from './person-items.ts';

/*
 * Everything the service holds about a person, erased, whatever the retention said: for the purge once it has
 * ended, and for an erasure re-applied after a restore. Nothing is marked "in progress": every delete is
 * unconditional and harmless to repeat, and an item goes only after every item it leads to, so a crash anywhere
 * leaves the way to what is left, and erasing again completes it:
 *   1. the stored documents (every version), found from the contract ids;
 *   2. the debits, found from the dues' `collectionId`;
 *   3. the rest of the contracts' partitions, the declarations, the email's claim, the local outbox's mails;
 *   4. the contracts themselves, the way to the above (gsi2 from the contact);
 *   5. the contact, in one transaction with the erasure log's entry and `contact.erased`.
 */

// Well under TransactWriteItems' 100 items and 4 MB (signature images are the large ones).
const deletesPerTransaction = 25;

/**
 * Events stay: they are the webhooks' outbox, name records by id only and expire after 30 days (deleting one
 * could drop a delivery still due).
 */
const stageOf = ({ kind }: PersonItem): number | undefined => {
  if (kind.reach.from === 'events') return undefined;
  if (kind.entity === 'debit') return 2;
  if (kind.entity === 'contract') return 4;
  if (kind.entity === 'contact') return 5;
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

/**
 * Erases the person in the order above. The contact's delete is conditional on the version read: a contact
 * changed meanwhile fails the last step (`ConditionFailed`) and is read again by the next attempt.
 */
export const eraseEverything = async (
  person: PersonItems,
  entry: { readonly erasedAt: string; readonly basis: ErasureBasis },
): Promise<void> => {
  await deleteStoredDocuments(person.contractIds);
  const inStage = (stage: number) => person.items.filter((found) => stageOf(found) === stage);
  await deleteInChunks(inStage(2));
  await deleteInChunks(inStage(3));
  if (typeof person.contact.email === 'string') await eraseOutboxMailsTo(person.contact.email);
  await deleteInChunks(inStage(4));
  const contactId = String(person.contact.id);
  const version = Number(person.contact.version);
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
      erasureLogEntry(contactId, entry.erasedAt, entry.basis),
    ],
    { change: { type: 'contact.erased', id: contactId, version } },
  );
};
