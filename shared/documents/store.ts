import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '../collections/query-all.ts';
import { contractKey, contractPartition } from '../contracts/entity.ts';
import { documentClient, tableName } from '../db/client.ts';
import { ConditionFailed, NotFound } from '../db/errors.ts';
import { putNew, write } from '../db/write.ts';
import {
  slotOf,
  storedDocumentFromItem,
  storedDocumentItem,
  storedDocumentKey,
  storedDocumentSortPrefix,
} from './entity.ts';
import type { DocumentKind, DocumentSlotId } from './originals/document-key.ts';
import type { StoredDocument } from './originals/originals-store.ts';
import type { StoredDocumentRecord } from './schema.ts';

/*
 * The records of a contract's stored documents (docs/documents.md). A record is written once per kind,
 * conditionally: whichever attempt records first wins, and every later attempt answers that record.
 */

/** The record of a document; `slot` names the mandate of a `mandate` document, the number of a `reminder`. */
export const getStoredDocument = async (
  contractId: string,
  kind: DocumentKind,
  slot: DocumentSlotId = null,
): Promise<StoredDocumentRecord | undefined> => {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: storedDocumentKey(contractId, kind, slot),
      ConsistentRead: true,
    }),
  );
  return Item ? storedDocumentFromItem(Item) : undefined;
};

/**
 * Records what the store of originals answered (`stored`), never the attempt's own bytes: after a lost
 * race or a crash between the file and its record, the file that exists is the one recorded.
 */
export const recordStoredDocument = async (
  contractId: string,
  kind: DocumentKind,
  stored: StoredDocument & { retainUntil: string },
  identity: Pick<StoredDocumentRecord, 'id' | 'createdAt' | 'mandateReference' | 'reminderNumber' | 'amendmentNumber'>,
): Promise<StoredDocumentRecord> => {
  const record: StoredDocumentRecord = {
    id: identity.id,
    kind,
    sha256: stored.sha256,
    size: stored.size,
    retainUntil: stored.retainUntil,
    createdAt: identity.createdAt,
    mandateReference: identity.mandateReference,
    reminderNumber: identity.reminderNumber,
    amendmentNumber: identity.amendmentNumber,
  };
  try {
    await write([putNew(storedDocumentItem(contractId, record))]);
    return record;
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    const first = await getStoredDocument(contractId, kind, slotOf(record));
    if (!first) throw error;
    return first;
  }
};

/**
 * Moves the record's `retainUntil` to a later date, never an earlier one: a lost condition means the record
 * already says as late or later (a concurrent extension), which is what the caller wanted.
 */
export const extendRecordedRetention = async (
  contractId: string,
  stored: Pick<StoredDocumentRecord, 'kind' | 'mandateReference' | 'reminderNumber' | 'amendmentNumber'>,
  retainUntil: string,
): Promise<StoredDocumentRecord> => {
  try {
    await write([
      {
        Update: {
          TableName: tableName(),
          Key: storedDocumentKey(contractId, stored.kind, slotOf(stored)),
          UpdateExpression: 'SET retainUntil = :until',
          ConditionExpression: 'attribute_exists(pk) AND retainUntil < :until',
          ExpressionAttributeValues: { ':until': retainUntil },
        },
      },
    ]);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
  const record = await getStoredDocument(contractId, stored.kind, slotOf(stored));
  if (!record) throw new NotFound('document');
  return record;
};

export interface ContractDocuments {
  /** The contract's number, which the documents' file names carry. */
  contractNumber: string;
  /** Oldest first. */
  documents: StoredDocumentRecord[];
}

/** The contract's number, or undefined when there is no such contract. */
const contractNumberOf = async (contractId: string): Promise<string | undefined> => {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: contractKey(contractId),
      ProjectionExpression: '#number',
      ExpressionAttributeNames: { '#number': 'number' },
      ConsistentRead: true,
    }),
  );
  return Item ? String(Item.number) : undefined;
};

/** The records of the contract's stored documents, oldest first. */
const storedDocumentsOf = async (contractId: string): Promise<StoredDocumentRecord[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': contractPartition(contractId), ':prefix': storedDocumentSortPrefix },
    ConsistentRead: true,
  });
  return items
    .map(storedDocumentFromItem)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
};

/** The contract's stored documents with its number; a 404 for an unknown contract. */
export const contractDocuments = async (contractId: string): Promise<ContractDocuments> => {
  const [contractNumber, documents] = await Promise.all([contractNumberOf(contractId), storedDocumentsOf(contractId)]);
  if (contractNumber === undefined) throw new NotFound('contract');
  return { contractNumber, documents };
};

/**
 * The contract's stored documents for its list: one Query. The contract's item is read only when the Query finds
 * none, to tell an unknown contract (404) from one without documents yet.
 */
export const listContractDocuments = async (contractId: string): Promise<StoredDocumentRecord[]> => {
  const documents = await storedDocumentsOf(contractId);
  if (documents.length === 0 && (await contractNumberOf(contractId)) === undefined) throw new NotFound('contract');
  return documents;
};

/** One stored document of the contract by its id (a contract has a handful); a 404 names the contract or the document. */
export const getStoredDocumentById = async (
  contractId: string,
  documentId: string,
): Promise<{ contractNumber: string; document: StoredDocumentRecord }> => {
  const { contractNumber, documents } = await contractDocuments(contractId);
  const document = documents.find((candidate) => candidate.id === documentId);
  if (!document) throw new NotFound('document');
  return { contractNumber, document };
};
