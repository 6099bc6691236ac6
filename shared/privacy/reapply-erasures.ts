import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../db/client.ts';
import { write } from '../db/write.ts';
import { eraseEverything } from './erase-everything.ts';
import { type ErasureBasis, erasureLogEntry, erasureLogPartition } from './erasure-log.ts';
import { readPersonItems } from './person-items.ts';

/*
 * After a point-in-time restore (README, "Personal data"): the restored table holds again every person erased
 * since the restore point. The erasure log of the table that kept running names them all; erasing each of them
 * again in the restored table, with the entry as it was, brings the restore up to date. Safe to repeat.
 */

interface LoggedErasure {
  readonly contactId: string;
  readonly erasedAt: string;
  readonly basis: ErasureBasis;
}

/** What a run did: the people erased again, and the entries whose person the table no longer held. */
export interface ReapplyReport {
  readonly erasedAgain: readonly string[];
  readonly alreadyGone: number;
}

/** The erasure log of `fromTable`, oldest page first. */
const erasureLogOf = async function* (fromTable: string): AsyncGenerator<LoggedErasure> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: fromTable,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': erasureLogPartition },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? [])
      yield { contactId: String(item.contactId), erasedAt: String(item.erasedAt), basis: item.basis as ErasureBasis };
    start = page.LastEvaluatedKey;
  } while (start);
};

/**
 * Erases again, in this process's table (`TABLE_NAME`, the restored one), every person the erasure log of
 * `fromTable` names, and copies the entries it lacks. A person already gone gets the entry only.
 */
export const reapplyErasures = async (fromTable: string): Promise<ReapplyReport> => {
  const erasedAgain: string[] = [];
  let alreadyGone = 0;
  for await (const entry of erasureLogOf(fromTable)) {
    const person = await readPersonItems(entry.contactId);
    if (person) {
      await eraseEverything(person, entry);
      erasedAgain.push(entry.contactId);
    } else {
      await write([erasureLogEntry(entry.contactId, entry.erasedAt, entry.basis)]);
      alreadyGone++;
    }
  }
  return { erasedAgain, alreadyGone };
};
