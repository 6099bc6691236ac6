import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { VersionPrecondition } from '../http/if-match.ts';
import type { Change } from '../outbox/outbox.ts';
import { documentClient, tableName } from './client.ts';
import { ConditionFailed, type EntityName, NotFound } from './errors.ts';
import { checkPrecondition, nextVersion, replaceWithRetry, VersionChanged, versionedUpdate } from './versioned.ts';
import { type WriteItem, write } from './write.ts';

/*
 * The reads and the versioned replace that every area's store shares: a store
 * names its kind of record once and calls these, so a missing record is always
 * the same typed `NotFound` and a replace always honours `If-Match` the same way.
 */

export type ItemKey = Readonly<Record<string, string>>;

/** One kind of record in the table: what a missing one is called and how an item reads and is written back. */
export interface RecordKind<R> {
  entity: EntityName;
  fromItem: (item: Record<string, unknown>) => R;
  /** The attributes a replace writes: the record and its index keys. */
  toItem: (record: R) => Record<string, unknown>;
  /** A strongly consistent read, for a record that another request reads right after it changed. */
  consistentRead?: boolean;
}

/** The record under `key`, or undefined. */
export const getRecord = async <R>(kind: RecordKind<R>, key: ItemKey): Promise<R | undefined> => {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: key, ...(kind.consistentRead ? { ConsistentRead: true } : {}) }),
  );
  return Item ? kind.fromItem(Item) : undefined;
};

/** The record under `key`; a `NotFound` naming the kind when there is none. */
export const getExistingRecord = async <R>(kind: RecordKind<R>, key: ItemKey): Promise<R> => {
  const record = await getRecord(kind, key);
  if (record === undefined) throw new NotFound(kind.entity);
  return record;
};

/**
 * Writes `next` over `current` on condition that the stored version is still
 * `current`'s, with `alsoWrite` in the same transaction. A failed condition is
 * a `VersionChanged` (tried again by `replaceWithRetry`) unless `refusal`
 * names another error for it, such as a unique claim that another record holds.
 */
export const writeNextVersion = async <R extends { version: number }>(
  kind: RecordKind<R>,
  key: ItemKey,
  next: R,
  options: {
    change?: Change | undefined;
    result?: unknown;
    alsoWrite?: readonly WriteItem[];
    refusal?: (failure: ConditionFailed, writes: readonly WriteItem[]) => Error | undefined;
  } = {},
): Promise<void> => {
  const writes = [versionedUpdate(key, kind.toItem(next)), ...(options.alsoWrite ?? [])];
  try {
    await write(writes, {
      ...('result' in options ? { result: options.result } : {}),
      ...(options.change ? { change: options.change } : {}),
    });
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    throw options.refusal?.(error, writes) ?? new VersionChanged();
  }
};

/**
 * Replaces a record's fields with `input`, read-modify-write without lost
 * updates: `If-Match` is checked against the stored version, and the write is
 * conditional on it (see `replaceWithRetry`). `updatedBy` is the caller's `sub`.
 */
export const replaceRecord = <R extends { version: number }, I extends object>(
  kind: RecordKind<R>,
  key: ItemKey,
  request: { input: I; ifMatch: VersionPrecondition | undefined; updatedBy: string },
  options: {
    /** The event that announces the new version. */
    change?: (next: R) => Change;
    /** Writes that go with the new version, in the same transaction. */
    alsoWrite?: (current: R, next: R) => WriteItem[];
    refusal?: (failure: ConditionFailed, writes: readonly WriteItem[], current: R, next: R) => Error | undefined;
  } = {},
): Promise<R> =>
  replaceWithRetry(request.ifMatch, async () => {
    const current = await getExistingRecord(kind, key);
    checkPrecondition(request.ifMatch, current.version);
    const next = nextVersion(current, { ...request.input, updatedBy: request.updatedBy });
    await writeNextVersion(kind, key, next, {
      result: next,
      change: options.change?.(next),
      alsoWrite: options.alsoWrite?.(current, next) ?? [],
      refusal: (failure, writes) => options.refusal?.(failure, writes, current, next),
    });
    return next;
  });
