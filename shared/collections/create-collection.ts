import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock.ts';
import { type CalendarDate, todayIn } from '../contracts/dates.ts';
import { documentClient, tableName } from '../db/client.ts';
import { ConditionFailed } from '../db/errors.ts';
import { currentIdempotencyRecordKey } from '../db/idempotency-scope.ts';
import { putNew, write } from '../db/write.ts';
import { newId } from '../http/ids.ts';
import { Problem } from '../http/problem.ts';
import { collectionDateProblem, nextBusinessDay } from '../sepa/target2.ts';
import { defaultTimeZone } from '../studio/schema.ts';
import { getStudioProfile } from '../studio/store.ts';
import { type BuildSettings, claimForCollection, finishCollection } from './build-collection.ts';
import { type Candidate, gatherCandidates } from './candidates.ts';
import type { Collection } from './collection-record.ts';
import {
  collectionFromItem,
  collectionItem,
  collectionStatusPartition,
  requestPointerItem,
  requestPointerKey,
} from './entity.ts';
import type { CollectionInput } from './schema.ts';
import { getCollection } from './store.ts';
import { collectionTexts } from './texts.ts';

// Longer than the create function's timeout (28 s): a `building` collection older than this lost its request.
const buildLeaseMs = 60_000;

const dateRefused = (collectionDate: CalendarDate, today: CalendarDate): Problem | undefined => {
  const problem = collectionDateProblem(collectionDate, today);
  if (problem === null) return undefined;
  const message =
    problem === 'not-a-business-day'
      ? collectionTexts.localized('notABusinessDay')
      : collectionTexts.localized('tooEarly', nextBusinessDay(today));
  return new Problem('validation-failed', collectionTexts.localized('collectionDateInvalid'), {
    errors: [{ path: 'collectionDate', message }],
  });
};

const nothingToCollect = (collectionDate: CalendarDate) =>
  new Problem('nothing-to-collect', collectionTexts.localized('nothingToCollect', collectionDate));

/** Finishes every `building` collection whose request died (older than the lease), so none keeps dues claimed. */
const finishAbandoned = async (settings: BuildSettings, at: Date): Promise<void> => {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': collectionStatusPartition('building') },
    }),
  );
  for (const item of Items) {
    const building = collectionFromItem(item);
    if (at.getTime() - Date.parse(building.createdAt) < buildLeaseMs) continue;
    await claimForCollection(building, settings);
    await finishCollection(building, { answersRequest: false });
  }
};

/** The collection an earlier attempt of this request (same Idempotency-Key) began, if any. */
const collectionOfRequest = async (pointer: string | undefined): Promise<Collection | undefined> => {
  if (!pointer) return undefined;
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': requestPointerKey(pointer).pk },
      ConsistentRead: true,
    }),
  );
  const collectionId = Items[0]?.collectionId as string | undefined;
  return collectionId ? getCollection(collectionId) : undefined;
};

/**
 * `POST /api/collections` (docs/collections.md): gathers every collectable due into a new collection,
 * exactly once however many dues and whatever fails in between. Nothing is written for a refused date
 * or when nothing can be collected; otherwise the collection is stored `building` first, its dues are
 * claimed in transactions of at most 100 items, and it becomes `created` with its event.
 */
export const createCollection = async (input: CollectionInput, createdBy: string): Promise<Collection> => {
  const at = now();
  const studio = await getStudioProfile();
  const today = todayIn(studio?.timeZone ?? defaultTimeZone, at);
  const refusal = dateRefused(input.collectionDate, today);
  if (refusal) throw refusal;
  const sepa = studio?.sepa;
  if (!studio || !sepa) throw new Problem('sepa-creditor-missing', collectionTexts.localized('sepaCreditorFirst'));
  const settings: BuildSettings = { preNotificationDays: sepa.preNotificationDays, today };

  await finishAbandoned(settings, at);
  const pointer = currentIdempotencyRecordKey();
  const begun = await collectionOfRequest(pointer);
  if (begun?.status === 'created') return begun;
  if (begun) return completed(begun, settings);

  const candidates = await gatherCandidates({
    ...settings,
    collectionDate: input.collectionDate,
    sequenceOf: new Map(),
  });
  if (candidates.length === 0) throw nothingToCollect(input.collectionDate);
  const createdAt = at.toISOString();
  const building: Collection = {
    id: newId(at.getTime()),
    status: 'building',
    collectionDate: input.collectionDate,
    creditor: { name: studio.legalName, creditorId: sepa.creditorId, iban: sepa.iban, bic: sepa.bic },
    count: 0,
    total: { amount: 0, currency: 'EUR' },
    dues: [],
    createdAt,
    createdBy,
    updatedAt: createdAt,
    version: 1,
  };
  try {
    await write([
      putNew(collectionItem(building, pointer)),
      ...(pointer ? [putNew(requestPointerItem(pointer, building.id, at))] : []),
    ]);
  } catch (error) {
    // The same request began one meanwhile (its retry raced it): finish that one.
    if (!(error instanceof ConditionFailed)) throw error;
    const raced = await collectionOfRequest(pointer);
    if (!raced) throw error;
    return raced.status === 'created' ? raced : completed(raced, settings);
  }
  return completed(building, settings, candidates);
};

const completed = async (
  building: Collection,
  settings: BuildSettings,
  candidates?: readonly Candidate[],
): Promise<Collection> => {
  await claimForCollection(building, settings, candidates);
  const finished = await finishCollection(building, { answersRequest: true });
  if (!finished) throw nothingToCollect(building.collectionDate);
  return finished;
};
