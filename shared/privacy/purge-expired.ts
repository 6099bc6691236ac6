import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock.ts';
import { restrictedContactSortKey, restrictedContactsPartition } from '../contacts/keys.ts';
import { documentClient, tableName } from '../db/client.ts';
import { eraseEverything } from './erase-everything.ts';
import { type PersonItems, readPersonItems } from './person-items.ts';

/*
 * The retention purge (Art. 5 Abs. 1 e, Art. 17 GDPR): a restricted contact whose `restrictedUntil` has passed
 * goes with everything found from it (erase-everything.ts, resumable: a crash leaves the contact restricted and
 * past its date, so the next run finds it again and completes). Run daily in AWS (its schedule in contacts/area.ts) and
 * at `npm start`, then hourly (infra/local/background-functions.ts).
 */

/**
 * What one run did: the contacts it erased, and those it could not (tried again next run) with the error's name,
 * by id only: the callers log it, and logs hold no personal data.
 */
export interface PurgeReport {
  readonly erased: readonly string[];
  readonly failed: readonly { readonly contactId: string; readonly error: string }[];
}

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

/** The restriction as the table holds it now: the index may lag behind a change. */
const restrictionHasEnded = (contact: PersonItems['contact'], at: Date): boolean =>
  contact.restricted === true &&
  typeof contact.restrictedUntil === 'string' &&
  Date.parse(contact.restrictedUntil) <= at.getTime();

/** Erases one contact whose restriction has ended; false when there was nothing (any more) to erase. */
const purgeContact = async (contactId: string, at: Date = now()): Promise<boolean> => {
  const person = await readPersonItems(contactId);
  if (!person || !restrictionHasEnded(person.contact, at)) return false;
  await eraseEverything(person, { erasedAt: at.toISOString(), basis: 'retention' });
  return true;
};

/**
 * Purges every restricted contact whose `restrictedUntil` has passed. A contact that fails is reported and left
 * for the next run; the others go on.
 */
export const purgeExpiredRestrictions = async (at: Date = now()): Promise<PurgeReport> => {
  const erased: string[] = [];
  const failed: { contactId: string; error: string }[] = [];
  for await (const contactId of expiredRestrictions(at)) {
    try {
      if (await purgeContact(contactId, at)) erased.push(contactId);
    } catch (error) {
      failed.push({ contactId, error: error instanceof Error ? error.name : String(error) });
    }
  }
  return { erased, failed };
};
