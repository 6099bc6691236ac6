import { now } from '../clock.ts';
import { tableName } from '../db/client.ts';
import { ConditionFailed } from '../db/errors.ts';
import { type Page, type PageRequest, queryPage } from '../db/query-page.ts';
import { getExistingRecord } from '../db/record-store.ts';
import { putNew, type WriteItem, write } from '../db/write.ts';
import { newId } from '../http/ids.ts';
import {
  declarationFromItem,
  declarationItem,
  declarationKey,
  declarationListKey,
  declarationListPartition,
  declarationRecords,
  declarationStatusPartition,
} from './entity.ts';
import type { RateCount } from './rate-limit.ts';
import type {
  Declaration,
  DeclarationContent,
  DeclarationStatus,
  DeclarationType,
  StoredDeclaration,
} from './schema.ts';

/** The receipt both public POSTs answer with: what was declared and when it arrived, nothing about a match. */
export interface DeclarationReceipt {
  id: string;
  receivedAt: string;
  declaration: DeclarationContent;
}

/**
 * Keeps a declaration as it arrived, counted against its client's rate limit and with its `declaration.received`
 * event in the same transaction: the matcher (`match-declaration.ts`) takes it from the stream. Nothing here
 * looks for a contract, so the answer's content and timing are the same for everyone.
 */
export const receiveDeclaration = async (
  type: DeclarationType,
  declaration: DeclarationContent,
  count: RateCount,
): Promise<DeclarationReceipt> => {
  const stored: StoredDeclaration = {
    id: newId(),
    type,
    receivedAt: now().toISOString(),
    declaration,
    status: 'unmatched',
    contractId: null,
    endsOn: null,
    checkedAt: null,
    confirmedAt: null,
    version: 1,
  };
  const receipt = { id: stored.id, receivedAt: stored.receivedAt, declaration };
  try {
    await write([count.write, putNew(declarationItem(stored))], {
      result: receipt,
      change: { type: 'declaration.received', id: stored.id, version: 1 },
    });
  } catch (error) {
    if (error instanceof ConditionFailed && error.at(0)) throw count.refusal();
    throw error;
  }
  return receipt;
};

export const getExistingDeclaration = (id: string): Promise<StoredDeclaration> =>
  getExistingRecord(declarationRecords, declarationKey(id));

/** What staff see of a declaration. */
export const declarationView = (stored: StoredDeclaration): Declaration => ({
  id: stored.id,
  type: stored.type,
  receivedAt: stored.receivedAt,
  declaration: stored.declaration,
  status: stored.status,
  contractId: stored.contractId,
});

/** Newest first; with `status`, one Query on that status's list. */
export const listDeclarations = (request: PageRequest & { status?: DeclarationStatus | undefined }) =>
  queryPage({
    limit: request.limit,
    cursor: request.cursor,
    newestFirst: true,
    itemKey: declarationListKey,
    toRecord: (item) => declarationView(declarationFromItem(item)),
    ...(request.status
      ? { index: 'gsi3' as const, partition: declarationStatusPartition(request.status) }
      : { index: 'gsi1' as const, partition: declarationListPartition }),
  }) satisfies Promise<Page<Declaration>>;

/**
 * The update that records a decision about a declaration, valid only on the version read: of the matcher and
 * a staff assignment, only the first decides. It joins the termination's own transaction.
 */
export const declarationDecision = (current: StoredDeclaration, next: Partial<StoredDeclaration>): WriteItem => {
  const decided: StoredDeclaration = { ...current, ...next, version: current.version + 1 };
  return {
    Put: {
      TableName: tableName(),
      Item: declarationItem(decided),
      ConditionExpression: '#version = :version',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':version': current.version },
    },
  };
};

/** Records a decision on its own (nothing matched), or that the confirmation went out. */
export const writeDeclaration = (current: StoredDeclaration, next: Partial<StoredDeclaration>): Promise<void> =>
  write([declarationDecision(current, next)]);
